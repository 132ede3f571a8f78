// report.industry_overview: the content of the China industry report (rendering to files is the
// report module's job): size, distribution over the 31 provinces, leading companies, the share
// with risk records, founding trend, and a summary paragraph written from those figures.
import type { Lang, ResultOf } from '../catalog/index.ts';
import type { Queryable } from '../storage/index.ts';
import { COMPANY_COLUMNS, type CompanyRow, companyRef } from './companies.ts';
import { industryName, industryRef, resolveIndustry } from './industries.ts';
import { industryByProvince } from './province.ts';
import { ALL_PROVINCE_CODES, optionalProvince, provinceName, provinceRef } from './regions.ts';
import { formatCny, formatPercent, pick, share } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'report.industry_overview'>;

const LEADERS = 10;
const TREND_YEARS = 10;

/** The largest companies by insured employees: one short index range per province, merged. */
export async function largestCompanies(
  db: Queryable,
  dataset: Dataset,
  industry: string,
  provinces: readonly string[],
  limit: number,
  minInsured = 0,
): Promise<CompanyRow[]> {
  const { rows } = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM unnest($3::text[]) AS p(code)
     CROSS JOIN LATERAL (
       SELECT * FROM companies x
       WHERE x.dataset = $1 AND x.industry_code = $2 AND x.province_code = p.code AND x.status = 'active'
         AND x.insured_employees >= $5
       ORDER BY x.insured_employees DESC LIMIT $4
     ) c
     ORDER BY c.insured_employees DESC, c.id LIMIT $4`,
    [dataset, industry, provinces, limit, minInsured],
  );
  return rows;
}

export const industryOverview: Engine<'report.industry_overview'> = async (
  payload,
  { db, lang, dataset, now },
) => {
  const resolved = resolveIndustry(lang, payload.industry);
  if (resolved.kind === 'unknown')
    return reject(resolved.msg, { field: 'industry', suggestions: resolved.suggestions });
  const scoped = optionalProvince(lang, payload.province);
  if (scoped.kind === 'rejected') return scoped;
  const province = scoped.code;
  const code = resolved.division.code;
  const scope = province ? [province] : [...ALL_PROVINCE_CODES];
  const figures = await industryByProvince(db, dataset, [code]);
  const national = figures.reduce((sum, f) => sum + f.companies, 0);
  const inScope = figures.filter((f) => scope.includes(f.province));
  const size = {
    companies: inScope.reduce((sum, f) => sum + f.companies, 0),
    insured_employees: inScope.reduce((sum, f) => sum + f.insured, 0),
    registered_capital_cny: inScope.reduce((sum, f) => sum + f.capital, 0),
  };
  const withRisk = inScope.reduce((sum, f) => sum + f.withRisk, 0);
  const distribution = [...figures]
    .sort((a, b) => b.companies - a.companies || a.province.localeCompare(b.province))
    .map((f) => ({
      province: provinceRef(lang, f.province),
      companies: f.companies,
      share: share(f.companies, national),
    }));
  const [leaders, years] = await Promise.all([
    largestCompanies(db, dataset, code, scope, LEADERS),
    db.query<{ year: number; companies: number }>(
      `SELECT year, sum(companies) AS companies FROM agg_industry_year
       WHERE dataset = $1 AND industry_code = $2 AND province_code = ANY($3::text[]) AND year > $4 AND year <= $5
       GROUP BY year ORDER BY year`,
      [dataset, code, scope, now.getUTCFullYear() - TREND_YEARS, now.getUTCFullYear()],
    ),
  ]);
  const byYear = new Map(years.rows.map((r) => [Number(r.year), Number(r.companies)]));
  const trends = Array.from({ length: TREND_YEARS }, (_, i) => {
    const year = now.getUTCFullYear() - TREND_YEARS + 1 + i;
    return { year, new_companies: byYear.get(year) ?? 0 };
  });
  const result: Result = {
    data_source: dataset,
    industry: industryRef(lang, code),
    province: province ? provinceRef(lang, province) : null,
    summary: '',
    size,
    province_distribution: distribution,
    leaders: leaders.map((row) => ({ ...companyRef(lang, row), insured_employees: row.insured_employees })),
    risk: { companies_with_records: withRisk, share: share(withRisk, size.companies) },
    trends,
  };
  result.summary = summarize(
    lang,
    industryName(lang, code),
    province,
    result,
    inScope.reduce((s, f) => s + f.exporters, 0),
    leaders[0] ? (lang === 'en' ? (leaders[0].name_en ?? leaders[0].name) : leaders[0].name) : null,
  );
  return ok(result);
};

function summarize(
  lang: Lang,
  industry: string,
  province: string | null,
  r: Result,
  exporters: number,
  leaderName: string | null,
): string {
  const where = province ? provinceName(lang, province) : pick(lang, '全国', 'China');
  const top = r.province_distribution.slice(0, 3);
  const topText = top.map((d) => `${d.province.name}（${formatPercent(d.share)}）`).join('、');
  const topTextEn = top.map((d) => `${d.province.name} (${formatPercent(d.share)})`).join(', ');
  const last = r.trends.at(-2);
  const first = r.trends[0];
  const rising = last && first ? last.new_companies >= first.new_companies : false;
  const leader = r.leaders[0];
  const s = r.size;
  if (lang === 'en') {
    return [
      `${where} has ${s.companies.toLocaleString('en-US')} companies in ${industry}, with ${s.insured_employees.toLocaleString('en-US')} insured employees and ${formatCny(lang, s.registered_capital_cny)} of registered capital; ${formatPercent(share(exporters, s.companies))} of them export.`,
      `Nationally the industry is concentrated in ${topTextEn}.`,
      leader ? `The largest company is ${leaderName} (${leader.insured_employees} insured employees).` : '',
      `${formatPercent(r.risk.share)} of the companies have litigation, enforcement, dishonest-debtor or penalty records.`,
      `New registrations have been ${rising ? 'steady or rising' : 'declining'} over the last ${r.trends.length} years.`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    `${where}共有${industry}企业${s.companies.toLocaleString('en-US')}家，参保人数合计${s.insured_employees.toLocaleString('en-US')}人，注册资本合计${formatCny(lang, s.registered_capital_cny)}，其中出口企业占${formatPercent(share(exporters, s.companies))}。`,
    `全国范围内该行业主要集中在${topText}。`,
    leader ? `规模最大的企业是${leaderName}（参保${leader.insured_employees}人）。` : '',
    `${formatPercent(r.risk.share)}的企业存在诉讼、被执行、失信或行政处罚记录。`,
    `近${r.trends.length}年新设企业数量${rising ? '保持平稳或增长' : '有所回落'}。`,
  ]
    .filter(Boolean)
    .join('');
}
