// Companies for the engines: finding one by full legal name or USCC (with the closest names when
// it is not there), and turning a row into the companyRef every result carries.
import type { Lang } from '../catalog/index.ts';
import { type CompanyRow, checkUscc, looksLikeUscc, PROFILES, PROVINCES } from '../data/index.ts';

/** A company as the engines read it is the loaders' row shape. */
export type { CompanyRow };

import type { Queryable } from '../storage/index.ts';
import { industryRef } from './industries.ts';
import { provinceRef } from './regions.ts';
import { normalize, pick, toLatin } from './text.ts';
import type { Dataset } from './types.ts';

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

const PLACES = [...new Set(PROVINCES.flatMap((p) => [p.zh, p.short, ...p.cities.map((c) => c.zh)]))].sort(
  (a, b) => b.length - a.length,
);
const STEMS = [...new Set(PROFILES.flatMap((p) => p.stems.map((s) => s.zh)))].sort(
  (a, b) => b.length - a.length,
);

/** The 字号 inside a legal name as typed: without the place in front and the trade and form behind. */
export function guessBrand(name: string): string | null {
  let rest = name.replace(/(股份有限公司|有限责任公司|有限公司|集团|公司)$/, '');
  const place = PLACES.find((p) => rest.startsWith(p));
  if (place) rest = rest.slice(place.length).replace(/^[市省]/, '');
  const stem = STEMS.find((s) => rest.endsWith(s) && rest.length > s.length);
  if (stem) rest = rest.slice(0, -stem.length);
  return /^\p{Script=Han}{2,4}$/u.test(rest) ? rest : null;
}

/**
 * Names nearest to `query`, best first. Companies with the same 字号 by pinyin come first (an
 * indexed lookup); only when there are none does a trigram search over all names run, which is
 * slower at scale because every legal name shares "有限公司".
 */
export async function similarCompanyNames(
  db: Queryable,
  dataset: Dataset,
  query: string,
  limit = 5,
): Promise<string[]> {
  const brand = guessBrand(query);
  if (brand) {
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = $1 AND brand_latin = $2
       ORDER BY similarity(name, $3) DESC, name LIMIT $4`,
      [dataset, toLatin(brand), query, limit],
    );
    if (rows.length > 0) return rows.map((r) => r.name);
  }
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM companies WHERE dataset = $1 AND name % $2
     ORDER BY similarity(name, $2) DESC, name LIMIT $3`,
    [dataset, query, limit],
  );
  return rows.map((r) => r.name);
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
