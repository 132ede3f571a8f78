// Companies for the engines: finding one by full legal name or USCC (with the closest names when
// it is not there), and turning a row into the companyRef every result carries.
import type { Lang } from '../catalog/index.ts';
import { checkUscc, looksLikeUscc } from '../data/index.ts';
import type { Queryable } from '../storage/index.ts';
import { industryRef } from './industries.ts';
import { provinceRef } from './regions.ts';
import { normalize, pick } from './text.ts';
import type { Dataset } from './types.ts';

export interface CompanyRow {
  id: number;
  uscc: string;
  name: string;
  name_en: string | null;
  brand: string;
  brand_latin: string;
  province_code: string;
  city: string | null;
  city_en: string | null;
  industry_code: string;
  products: string[];
  scope: string | null;
  registered_capital_cny: number | null;
  founded_on: string | null;
  insured_employees: number;
  tiers: string[];
  status: string;
  legal_rep: string | null;
  exporter: boolean;
  website: string | null;
}

/** The column list that fills a CompanyRow (dates as ISO text, the same on PGlite and pg). */
export const COMPANY_COLUMNS = `c.id, c.uscc, c.name, c.name_en, c.brand, c.brand_latin, c.province_code, c.city,
  c.city_en, c.industry_code, c.products, c.scope, c.registered_capital_cny, to_char(c.founded_on, 'YYYY-MM-DD') AS founded_on,
  c.insured_employees, c.tiers, c.status, c.legal_rep, c.exporter, c.website`;

export interface CompanyRef {
  name: string;
  uscc: string | null;
  province: { code: string; name: string } | null;
  city: string | null;
  industry: { code: string; name: string } | null;
}

export function companyRef(lang: Lang, row: CompanyRow): CompanyRef {
  return {
    name: row.name,
    uscc: row.uscc,
    province: provinceRef(lang, row.province_code),
    city: lang === 'en' ? (row.city_en ?? row.city) : row.city,
    industry: industryRef(lang, row.industry_code),
  };
}

export type CompanyLookup =
  | { readonly kind: 'found'; readonly company: CompanyRow }
  | { readonly kind: 'unknown'; readonly msg: string; readonly suggestions: string[] };

/** Names nearest to `query` by trigram similarity (Chinese included), best first. */
export async function similarCompanyNames(
  db: Queryable,
  dataset: Dataset,
  query: string,
  limit = 5,
): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM companies WHERE dataset = $1 AND name % $2
     ORDER BY similarity(name, $2) DESC, name LIMIT $3`,
    [dataset, query, limit],
  );
  if (rows.length > 0) return rows.map((r) => r.name);
  // Nothing above the trigram threshold: fall back to names sharing the brand (字号) or its pinyin.
  const fallback = await db.query<{ name: string }>(
    `SELECT name FROM companies WHERE dataset = $1 AND brand % $2
     ORDER BY similarity(brand, $2) DESC, name LIMIT $3`,
    [dataset, query, limit],
  );
  return fallback.rows.map((r) => r.name);
}

/** A company by full legal name or USCC, else a message naming what was not found and the nearest names. */
export async function findCompany(
  db: Queryable,
  dataset: Dataset,
  lang: Lang,
  identifier: string,
): Promise<CompanyLookup> {
  const query = normalize(identifier);
  if (looksLikeUscc(query)) {
    const check = checkUscc(query);
    if (!check.ok) {
      return {
        kind: 'unknown',
        msg: pick(
          lang,
          `"${query}" 不是有效的统一社会信用代码（${check.reason}）`,
          `"${query}" is not a valid unified social credit code (${check.reason})`,
        ),
        suggestions: [],
      };
    }
    const { rows } = await db.query<CompanyRow>(
      `SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.dataset = $1 AND c.uscc = $2`,
      [dataset, check.uscc],
    );
    if (rows[0]) return { kind: 'found', company: rows[0] };
    return {
      kind: 'unknown',
      msg: pick(
        lang,
        `未找到统一社会信用代码为 ${check.uscc} 的企业`,
        `No company with unified social credit code ${check.uscc} was found`,
      ),
      suggestions: [],
    };
  }
  const { rows } = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.dataset = $1 AND c.name = $2
     ORDER BY (c.status = 'active') DESC, c.id LIMIT 1`,
    [dataset, query.replace(/\(/g, '（').replace(/\)/g, '）')],
  );
  if (rows[0]) return { kind: 'found', company: rows[0] };
  const retry = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.dataset = $1 AND c.name = $2 LIMIT 1`,
    [dataset, query],
  );
  if (retry.rows[0]) return { kind: 'found', company: retry.rows[0] };
  const suggestions = await similarCompanyNames(db, dataset, query);
  const tail = suggestions.length
    ? pick(lang, `，最接近的名称：${suggestions.join('、')}`, `; closest names: ${suggestions.join(', ')}`)
    : '';
  return {
    kind: 'unknown',
    msg: pick(lang, `未找到企业"${query}"${tail}`, `Company "${query}" was not found${tail}`),
    suggestions,
  };
}

/** Companies by id, in one query, keyed by id. */
export async function companiesById(
  db: Queryable,
  dataset: Dataset,
  ids: readonly number[],
): Promise<Map<number, CompanyRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.dataset = $1 AND c.id = ANY($2::bigint[])`,
    [dataset, ids],
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
}
