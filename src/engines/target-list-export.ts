// report.target_list_export: the content of the target list. Up to 30 companies of an industry
// that meet the province, tier and insured-employee filters, picked by the supplier score among
// the largest qualifying firms, each with its contacts and a rationale written from its facts.
import type { Lang, ResultOf, Tier } from '../catalog/index.ts';
import { CONTACT_TITLES_EN } from '../data/demo/records.ts';
import type { Queryable } from '../storage/index.ts';
import { COMPANY_COLUMNS, type CompanyRow, companyRef } from './companies.ts';
import { type CompanyFacts, companyFacts, countryName, productList, tierName } from './evidence.ts';
import { industryName, industryRef, resolveIndustry } from './industries.ts';
import { ALL_PROVINCE_CODES, optionalProvince, provinceRef } from './regions.ts';
import { ensureStats } from './stats.ts';
import { formatUsd, joinList, pick, round } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'report.target_list_export'>;

export const MAX_TARGETS = 30;
/** Qualifying firms considered (the largest first) before the score picks the 30. */
const POOL = 300;
/** Nationwide, the largest of each province are enough to find the 300 largest in practice. */
const PER_PROVINCE = 40;

async function pool(
  db: Queryable,
  dataset: Dataset,
  industry: string,
  provinces: readonly string[],
  tiers: readonly Tier[] | null,
  minInsured: number,
  now: Date,
): Promise<(CompanyRow & { score: number })[]> {
  // One index range per province (industry, province, insured DESC), merged, then scored.
  const { rows } = await db.query<CompanyRow & { score: number }>(
    `SELECT ${COMPANY_COLUMNS},
            bizfn_supplier_score(c.insured_employees, c.registered_capital_cny, a.export_usd, cardinality(c.tiers),
                                 c.founded_on, a.risk_weight, c.status, $7::date) AS score
     FROM (
       SELECT x.* FROM unnest($3::text[]) AS p(code) CROSS JOIN LATERAL (
         SELECT * FROM companies y
         WHERE y.dataset = $1 AND y.industry_code = $2 AND y.province_code = p.code AND y.status = 'active'
           AND y.insured_employees >= $5 AND ($4::text[] IS NULL OR y.tiers && $4::text[])
         ORDER BY y.insured_employees DESC LIMIT $8) x
       ORDER BY x.insured_employees DESC, x.id LIMIT $6
     ) c
     LEFT JOIN agg_company a ON a.dataset = $1 AND a.company_id = c.id
     ORDER BY score DESC, c.id LIMIT ${MAX_TARGETS}`,
    [
      dataset,
      industry,
      provinces,
      tiers,
      minInsured,
      POOL,
      now.toISOString().slice(0, 10),
      provinces.length === 1 ? POOL : PER_PROVINCE,
    ],
  );
  return rows;
}

export const targetListExport: Engine<'report.target_list_export'> = async (
  payload,
  { db, lang, dataset, now },
) => {
  const resolved = resolveIndustry(lang, payload.industry);
  if (resolved.kind === 'unknown')
    return reject(resolved.msg, { field: 'industry', suggestions: resolved.suggestions });
  const scoped = optionalProvince(lang, payload.province);
  if (scoped.kind === 'rejected') return scoped;
  const province = scoped.code;
  await ensureStats(db, dataset);
  const code = resolved.division.code;
  const tiers = payload.tiers?.length ? [...new Set(payload.tiers)] : null;
  const minInsured = payload.min_insured ?? 2;
  const picked = await pool(
    db,
    dataset,
    code,
    province ? [province] : ALL_PROVINCE_CODES,
    tiers,
    minInsured,
    now,
  );
  const ids = picked.map((c) => Number(c.id));
  const [facts, contacts] = await Promise.all([
    companyFacts(db, dataset, ids),
    db.query<{
      owner_id: number;
      name: string;
      title: string | null;
      phone: string | null;
      email: string | null;
    }>(
      `SELECT owner_id, name, title, phone, email FROM contacts
       WHERE dataset = $1 AND owner_kind = 'company' AND owner_id = ANY($2::bigint[])
       ORDER BY owner_id, is_primary DESC, id`,
      [dataset, ids],
    ),
  ]);
  const contactsOf = new Map<number, Result['companies'][number]['contacts']>();
  for (const c of contacts.rows) {
    const list = contactsOf.get(Number(c.owner_id)) ?? [];
    const title = c.title ?? '';
    list.push({
      name: c.name,
      title: lang === 'en' ? (CONTACT_TITLES_EN[title] ?? title) : title,
      phone: c.phone,
      email: c.email,
    });
    contactsOf.set(Number(c.owner_id), list);
  }
  const median = picked.length ? picked[Math.floor(picked.length / 2)]!.insured_employees : 0;
  const companies: Result['companies'] = picked.map((row, index) => ({
    ...companyRef(lang, row),
    tiers: row.tiers.filter((t): t is Tier => (TIER_SET as Set<string>).has(t)),
    insured_employees: row.insured_employees,
    contacts: contactsOf.get(Number(row.id)) ?? [],
    rationale: rationale(lang, row, facts.get(Number(row.id))!, index + 1, median, industryName(lang, code)),
  }));
  return ok({
    data_source: dataset,
    industry: industryRef(lang, code),
    filters: {
      province: province ? provinceRef(lang, province) : null,
      tiers: tiers ?? [],
      min_insured: minInsured,
    },
    companies,
  } satisfies Result);
};

const TIER_SET = new Set<string>(['listed', 'srdi', 'little_giant', 'high_tech', 'tech_sme', 'soe']);

/** Why this company is on the list: its rank and score, then the facts that earned them. */
function rationale(
  lang: Lang,
  c: CompanyRow & { score: number },
  f: CompanyFacts,
  rank: number,
  median: number,
  industry: string,
): string {
  const reasons: string[] = [];
  reasons.push(
    pick(
      lang,
      `综合评分${round(Number(c.score), 1)}，列第${rank}位`,
      `Ranked #${rank} with a score of ${round(Number(c.score), 1)}`,
    ),
  );
  reasons.push(
    c.insured_employees >= median
      ? pick(
          lang,
          `参保${c.insured_employees}人，规模在入选${industry}企业中居前`,
          `${c.insured_employees} insured employees, among the larger firms selected`,
        )
      : pick(lang, `参保${c.insured_employees}人`, `${c.insured_employees} insured employees`),
  );
  if (c.products.length)
    reasons.push(
      pick(lang, `主营${productList(lang, c.products)}`, `makes ${productList(lang, c.products)}`),
    );
  if (f.shipments > 0) {
    const where = joinList(
      lang,
      f.topCountries.map((code) => countryName(lang, code)),
    );
    reasons.push(
      pick(
        lang,
        `有出口实绩（${formatUsd(lang, f.exportUsd)}，主要销往${where}）`,
        `proven exporter (${formatUsd(lang, f.exportUsd)}, mainly to ${where})`,
      ),
    );
  }
  if (c.tiers.length)
    reasons.push(
      joinList(
        lang,
        c.tiers.map((t) => tierName(lang, t)),
      ),
    );
  reasons.push(
    f.adverse === 0
      ? pick(lang, '无诉讼、失信或处罚记录', 'no litigation, dishonest-debtor or penalty records')
      : pick(
          lang,
          `有${f.adverse}条诉讼或处罚记录，接洽前建议核查`,
          `${f.adverse} litigation or penalty record${f.adverse === 1 ? '' : 's'}: check before approaching`,
        ),
  );
  return lang === 'en' ? `${reasons.join('; ')}.` : `${reasons.join('；')}。`;
}
