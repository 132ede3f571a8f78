// Facts about Chinese companies that several engines show as evidence: registration figures,
// export record, tiers and risk, each as one sentence in the output language.
import type { Lang } from '../catalog/index.ts';
import { countryByCode, productByKey } from '../data/index.ts';
import type { Queryable } from '../storage/index.ts';
import type { CompanyRow } from './companies.ts';
import { formatCny, formatUsd, joinList, pick } from './text.ts';
import type { Dataset } from './types.ts';

export interface CompanyFacts {
  shipments: number;
  exportUsd: number;
  countries: number;
  buyers: number;
  riskRecords: number;
  /** Risk records other than registration changes. */
  adverse: number;
  riskWeight: number;
  trademarks: number;
  /** Top destination countries by value, ISO alpha-2. */
  topCountries: string[];
}

const EMPTY: CompanyFacts = {
  shipments: 0,
  exportUsd: 0,
  countries: 0,
  buyers: 0,
  riskRecords: 0,
  adverse: 0,
  riskWeight: 0,
  trademarks: 0,
  topCountries: [],
};

/** Trade and risk totals (from agg_company) plus top export countries, for a few companies. */
export async function companyFacts(
  db: Queryable,
  dataset: Dataset,
  ids: readonly number[],
): Promise<Map<number, CompanyFacts>> {
  const facts = new Map<number, CompanyFacts>(ids.map((id) => [id, { ...EMPTY, topCountries: [] }]));
  if (ids.length === 0) return facts;
  const [totals, countries] = await Promise.all([
    db.query<{
      company_id: number;
      shipments: number;
      export_usd: number;
      countries: number;
      buyers: number;
      risk_records: number;
      adverse: number;
      risk_weight: number;
      trademarks: number;
    }>('SELECT * FROM agg_company WHERE dataset = $1 AND company_id = ANY($2::bigint[])', [dataset, ids]),
    db.query<{ company_id: number; country_code: string }>(
      `SELECT company_id, country_code FROM (
         SELECT company_id, country_code,
                row_number() OVER (PARTITION BY company_id ORDER BY sum(value_usd) DESC, country_code) AS n
         FROM trade_records WHERE dataset = $1 AND company_id = ANY($2::bigint[])
         GROUP BY company_id, country_code) x
       WHERE n <= 3 ORDER BY company_id, n`,
      [dataset, ids],
    ),
  ]);
  for (const row of totals.rows) {
    const entry = facts.get(Number(row.company_id));
    if (!entry) continue;
    Object.assign(entry, {
      shipments: Number(row.shipments),
      exportUsd: Number(row.export_usd),
      countries: Number(row.countries),
      buyers: Number(row.buyers),
      riskRecords: Number(row.risk_records),
      adverse: Number(row.adverse),
      riskWeight: Number(row.risk_weight),
      trademarks: Number(row.trademarks),
    });
  }
  for (const row of countries.rows) facts.get(Number(row.company_id))?.topCountries.push(row.country_code);
  return facts;
}

export function countryName(lang: Lang, code: string): string {
  const country = countryByCode(code);
  return country ? pick(lang, country.zh, country.en) : code;
}

const TIER_NAMES: Record<string, { zh: string; en: string }> = {
  listed: { zh: '上市公司', en: 'listed company' },
  srdi: { zh: '专精特新', en: 'SRDI ("specialised and sophisticated") firm' },
  little_giant: { zh: '专精特新"小巨人"', en: 'SRDI "little giant"' },
  high_tech: { zh: '高新技术企业', en: 'high-tech enterprise' },
  tech_sme: { zh: '科技型中小企业', en: 'technology-based SME' },
  soe: { zh: '国有企业', en: 'state-owned enterprise' },
};

export function tierName(lang: Lang, tier: string): string {
  const name = TIER_NAMES[tier];
  return name ? pick(lang, name.zh, name.en) : tier;
}

export function productList(lang: Lang, keys: readonly string[], limit = 3): string {
  const names = keys.slice(0, limit).map((key) => {
    const product = productByKey(key);
    return product ? pick(lang, product.zh, product.en) : key;
  });
  return joinList(lang, names);
}

/** "参保320人，注册资本5000万元，成立于2008年" */
export function registrationLine(lang: Lang, c: CompanyRow): string {
  const parts: string[] = [
    pick(lang, `参保${c.insured_employees}人`, `${c.insured_employees} insured employees`),
  ];
  if (c.registered_capital_cny) {
    parts.push(
      pick(
        lang,
        `注册资本${formatCny(lang, c.registered_capital_cny)}`,
        `registered capital ${formatCny(lang, c.registered_capital_cny)}`,
      ),
    );
  }
  if (c.founded_on)
    parts.push(pick(lang, `成立于${c.founded_on.slice(0, 4)}年`, `founded ${c.founded_on.slice(0, 4)}`));
  return parts.join(lang === 'en' ? ', ' : '，');
}

export function exportLine(lang: Lang, facts: CompanyFacts): string {
  if (facts.shipments === 0) return pick(lang, '无出口记录', 'No export shipments on record');
  const where = joinList(
    lang,
    facts.topCountries.map((code) => countryName(lang, code)),
  );
  return pick(
    lang,
    `出口${facts.shipments}批次，金额${formatUsd(lang, facts.exportUsd)}，销往${facts.countries}个国家（主要为${where}）`,
    `${facts.shipments} export shipment${facts.shipments === 1 ? '' : 's'} worth ${formatUsd(lang, facts.exportUsd)} to ${facts.countries} ${facts.countries === 1 ? 'country' : 'countries'} (mainly ${where})`,
  );
}

export function tierLine(lang: Lang, tiers: readonly string[]): string | null {
  if (tiers.length === 0) return null;
  const names = joinList(
    lang,
    tiers.map((t) => tierName(lang, t)),
  );
  return pick(lang, `资质：${names}`, `Status: ${names}`);
}

export function riskLine(lang: Lang, facts: CompanyFacts): string {
  if (facts.adverse === 0)
    return pick(lang, '无诉讼、失信、处罚等风险记录', 'No litigation, dishonest-debtor or penalty records');
  return pick(
    lang,
    `有${facts.adverse}条诉讼、被执行或处罚等风险记录${facts.riskWeight >= 30 ? '，含严重事项，合作前建议深度核查' : ''}`,
    `${facts.adverse} litigation, enforcement or penalty record${facts.adverse === 1 ? '' : 's'}${facts.riskWeight >= 30 ? ', including serious ones; run a deep risk check before dealing' : ''}`,
  );
}
