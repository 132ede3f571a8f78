// decide.province: where to set up for an industry. All 31 provinces ranked by a score built
// from the industry's presence there (companies, share, concentration against the province's
// whole economy), its export orientation, qualified firms and clean records; never truncated.
import type { Lang, ResultOf } from '../catalog/index.ts';
import type { Queryable } from '../storage/index.ts';
import { industryName, industryRef, resolveIndustry } from './industries.ts';
import { ALL_PROVINCE_CODES, provinceName, provinceRef } from './regions.ts';
import { ensureStats } from './stats.ts';
import { formatPercent, pick, round, share } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'decide.province'>;

export interface ProvinceFigures {
  readonly province: string;
  readonly companies: number;
  readonly active: number;
  readonly insured: number;
  readonly capital: number;
  readonly exporters: number;
  readonly tiered: number;
  readonly withRisk: number;
  /** All companies of every industry in the province. */
  readonly allCompanies: number;
}

/** One row per province (all 31, zeros where the industry is absent). */
export async function industryByProvince(
  db: Queryable,
  dataset: Dataset,
  industries: readonly string[],
): Promise<ProvinceFigures[]> {
  await ensureStats(db, dataset);
  const { rows } = await db.query<{
    province_code: string;
    companies: number;
    active: number;
    insured: number;
    capital: number;
    exporters: number;
    tiered: number;
    with_risk: number;
    all_companies: number;
  }>(
    `SELECT province_code,
            sum(companies) FILTER (WHERE industry_code = ANY($2)) AS companies,
            sum(active) FILTER (WHERE industry_code = ANY($2)) AS active,
            sum(insured_employees) FILTER (WHERE industry_code = ANY($2)) AS insured,
            sum(registered_capital) FILTER (WHERE industry_code = ANY($2)) AS capital,
            sum(exporters) FILTER (WHERE industry_code = ANY($2)) AS exporters,
            sum(tiered) FILTER (WHERE industry_code = ANY($2)) AS tiered,
            sum(with_risk) FILTER (WHERE industry_code = ANY($2)) AS with_risk,
            sum(companies) AS all_companies
     FROM agg_industry_province WHERE dataset = $1 GROUP BY province_code`,
    [dataset, industries],
  );
  const byCode = new Map(rows.map((r) => [r.province_code, r]));
  return ALL_PROVINCE_CODES.map((code) => {
    const r = byCode.get(code);
    return {
      province: code,
      companies: Number(r?.companies ?? 0),
      active: Number(r?.active ?? 0),
      insured: Number(r?.insured ?? 0),
      capital: Number(r?.capital ?? 0),
      exporters: Number(r?.exporters ?? 0),
      tiered: Number(r?.tiered ?? 0),
      withRisk: Number(r?.with_risk ?? 0),
      allCompanies: Number(r?.all_companies ?? 0),
    };
  });
}

export interface ScoredProvince {
  readonly figures: ProvinceFigures;
  readonly score: number;
  readonly share: number;
  /** Location quotient: the industry's share of the province over its share of the nation. */
  readonly concentration: number;
  readonly exportShare: number;
  readonly tieredShare: number;
  readonly riskShare: number;
}

/**
 * Score 0-100: 45 for scale (companies against the leading province), 20 for concentration
 * (location quotient, 2 or more counts fully), 15 for export share, 10 for qualified (tiered)
 * firms, 10 for a clean record (share of firms without risk records). Scale dominates because a
 * newcomer needs suppliers, staff and services around it; the rest separate similar provinces.
 */
export function scoreProvinces(figures: readonly ProvinceFigures[]): ScoredProvince[] {
  const total = figures.reduce((sum, f) => sum + f.companies, 0);
  const all = figures.reduce((sum, f) => sum + f.allCompanies, 0);
  const nationalShare = all > 0 ? total / all : 0;
  const maxCompanies = Math.max(1, ...figures.map((f) => f.companies));
  const scored = figures.map((f) => {
    const exportShare = f.companies ? f.exporters / f.companies : 0;
    const tieredShare = f.companies ? f.tiered / f.companies : 0;
    const riskShare = f.companies ? f.withRisk / f.companies : 0;
    const concentration = f.allCompanies && nationalShare ? f.companies / f.allCompanies / nationalShare : 0;
    const score =
      f.companies === 0
        ? 0
        : 45 * Math.sqrt(f.companies / maxCompanies) +
          20 * Math.min(1, concentration / 2) +
          15 * exportShare +
          10 * Math.min(1, tieredShare * 2) +
          10 * (1 - riskShare);
    return {
      figures: f,
      score: round(Math.min(100, score), 1),
      share: share(f.companies, total),
      concentration: round(concentration, 2),
      exportShare: round(exportShare, 4),
      tieredShare: round(tieredShare, 4),
      riskShare: round(riskShare, 4),
    };
  });
  return scored.sort((a, b) => b.score - a.score || b.figures.companies - a.figures.companies);
}

function reasons(lang: Lang, industry: string, ranked: readonly ScoredProvince[]): string[] {
  const top = ranked[0]!;
  const f = top.figures;
  const name = provinceName(lang, f.province);
  const byCount = [...ranked].sort((a, b) => b.figures.companies - a.figures.companies);
  const countRank = byCount.findIndex((s) => s.figures.province === f.province) + 1;
  const out = [
    pick(
      lang,
      `${name}有${industry}企业${f.companies.toLocaleString('en-US')}家，占全国${formatPercent(top.share)}，数量居全国第${countRank}位`,
      `${name} has ${f.companies.toLocaleString('en-US')} ${industry} companies, ${formatPercent(top.share)} of the national total, ranking #${countRank} by count`,
    ),
  ];
  if (top.concentration >= 1) {
    out.push(
      pick(
        lang,
        `产业集聚度（区位熵）${top.concentration}，高于全国平均水平`,
        `Concentration (location quotient) of ${top.concentration}, above the national average`,
      ),
    );
  }
  const avgExport = average(ranked.filter((s) => s.figures.companies > 0).map((s) => s.exportShare));
  out.push(
    pick(
      lang,
      `出口企业占比${formatPercent(top.exportShare)}（各省平均${formatPercent(avgExport)}），外贸配套成熟度${top.exportShare >= avgExport ? '较高' : '一般'}`,
      `${formatPercent(top.exportShare)} of these companies export (provincial average ${formatPercent(avgExport)}), so export services are ${top.exportShare >= avgExport ? 'well developed' : 'average'}`,
    ),
  );
  if (f.tiered > 0) {
    out.push(
      pick(
        lang,
        `${f.tiered.toLocaleString('en-US')}家企业具有上市、专精特新或高新技术等资质，可作为合作和人才来源`,
        `${f.tiered.toLocaleString('en-US')} companies hold listed, SRDI or high-tech status: partners and a talent pool`,
      ),
    );
  }
  out.push(
    pick(
      lang,
      `有风险记录的企业占比${formatPercent(top.riskShare)}`,
      `${formatPercent(top.riskShare)} of the companies have risk records`,
    ),
  );
  const second = ranked[1];
  if (second && second.score > 0) {
    out.push(
      pick(
        lang,
        `备选：${provinceName(lang, second.figures.province)}（得分${second.score}）`,
        `Runner-up: ${provinceName(lang, second.figures.province)} (score ${second.score})`,
      ),
    );
  }
  return out;
}

function average(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

export const provinceDecision: Engine<'decide.province'> = async (payload, { db, lang, dataset }) => {
  const resolved = resolveIndustry(lang, payload.industry);
  if (resolved.kind === 'unknown')
    return reject(resolved.msg, { field: 'industry', suggestions: resolved.suggestions });
  const code = resolved.division.code;
  const ranked = scoreProvinces(await industryByProvince(db, dataset, [code]));
  const ranking: Result['ranking'] = ranked.map((s, index) => ({
    rank: index + 1,
    province: provinceRef(lang, s.figures.province),
    companies: s.figures.companies,
    share: s.share,
    score: s.score,
    figures: {
      companies: s.figures.companies,
      active_companies: s.figures.active,
      insured_employees: s.figures.insured,
      registered_capital_cny: s.figures.capital,
      exporters: s.figures.exporters,
      export_share: s.exportShare,
      tiered_companies: s.figures.tiered,
      tiered_share: s.tieredShare,
      companies_with_risk_records: s.figures.withRisk,
      risk_share: s.riskShare,
      location_quotient: s.concentration,
    },
  }));
  return ok({
    data_source: dataset,
    industry: industryRef(lang, code),
    ranking,
    recommendation: {
      province: provinceRef(lang, ranked[0]!.figures.province),
      reasons: reasons(lang, industryName(lang, code), ranked),
    },
  } satisfies Result);
};
