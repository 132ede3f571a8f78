// discover.suppliers: ten Chinese suppliers of a product described in Chinese or English, ranked
// by the precomputed supplier score (size, exports, tiers, age, risk), each with the facts behind
// it. Where fewer than ten make the exact product (in the province asked for), the list is
// completed from the same product elsewhere, then from makers in the same industry, and says so.
import type { Lang, ResultOf } from '../catalog/index.ts';
import { PRODUCTS, type Product } from '../data/index.ts';
import type { Queryable } from '../storage/index.ts';
import { companiesById, companyRef } from './companies.ts';
import { companyFacts, exportLine, productList, registrationLine, riskLine, tierLine } from './evidence.ts';
import { resolveProductQuery } from './products.ts';
import { provinceName, provinceRef } from './regions.ts';
import { ensureStats } from './stats.ts';
import { pick, round } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'discover.suppliers'>;

export const CANDIDATES = 10;

type Reach = 'exact' | 'other_province' | 'same_industry';

interface Pick {
  id: number;
  score: number;
  reach: Reach;
}

async function topForProducts(
  db: Queryable,
  dataset: Dataset,
  products: readonly string[],
  province: string | null,
  limit: number,
): Promise<{ id: number; score: number }[]> {
  const { rows } = await db.query<{ company_id: number; score: number }>(
    `SELECT s.company_id, max(s.score) AS score FROM unnest($2::text[]) AS p(key)
     CROSS JOIN LATERAL (
       SELECT company_id, score FROM agg_product_supplier x
       WHERE x.dataset = $1 AND x.product = p.key AND ($3::text IS NULL OR x.province_code = $3)
       ORDER BY x.score DESC, x.company_id LIMIT $4
     ) s
     GROUP BY s.company_id ORDER BY score DESC, s.company_id LIMIT $4`,
    [dataset, products, province, limit],
  );
  return rows.map((r) => ({ id: Number(r.company_id), score: Number(r.score) }));
}

/** Ten picks: the exact product first, then wider circles until there are ten. */
async function choose(
  db: Queryable,
  dataset: Dataset,
  products: readonly Product[],
  province: string | null,
): Promise<Pick[]> {
  const keys = products.map((p) => p.key);
  const picks: Pick[] = [];
  const seen = new Set<number>();
  const add = (rows: { id: number; score: number }[], reach: Reach) => {
    for (const row of rows) {
      if (picks.length >= CANDIDATES || seen.has(row.id)) continue;
      seen.add(row.id);
      picks.push({ ...row, reach });
    }
  };
  add(await topForProducts(db, dataset, keys, province, CANDIDATES), 'exact');
  if (picks.length < CANDIDATES && province) {
    add(await topForProducts(db, dataset, keys, null, CANDIDATES * 2), 'other_province');
  }
  if (picks.length < CANDIDATES) {
    // Makers of other products of the same industry can usually take the order.
    const divisions = new Set(products.map((p) => p.division));
    const related = PRODUCTS.filter((p) => divisions.has(p.division) && !keys.includes(p.key)).map(
      (p) => p.key,
    );
    add(await topForProducts(db, dataset, related, province, CANDIDATES * 2), 'same_industry');
    if (picks.length < CANDIDATES && province)
      add(await topForProducts(db, dataset, related, null, CANDIDATES * 2), 'same_industry');
  }
  return picks;
}

function reachLine(
  lang: Lang,
  reach: Reach,
  products: readonly Product[],
  province: string | null,
): string | null {
  const names = productList(
    lang,
    products.map((p) => p.key),
  );
  if (reach === 'other_province' && province) {
    return pick(
      lang,
      `${provinceName(lang, province)}以外的${names}供应商（该省符合条件的不足${CANDIDATES}家）`,
      `Supplier of ${names} outside ${provinceName(lang, province)} (fewer than ${CANDIDATES} there)`,
    );
  }
  if (reach === 'same_industry') {
    return pick(
      lang,
      `同行业制造商，未登记${names}，但具备相近产品的生产能力`,
      `Same-industry maker without ${names} registered, making related products`,
    );
  }
  return null;
}

/** Wider circles rank after the exact ones: discounted, and never above the pick before them. */
function monotone(ceiling: number, p: Pick): number {
  return Math.min(ceiling, round(p.reach === 'exact' ? p.score : p.score * 0.8, 1));
}

export const suppliers: Engine<'discover.suppliers'> = async (payload, { db, lang, dataset }) => {
  const query = resolveProductQuery(lang, payload);
  if (query.kind === 'rejected') return query;
  const { matched, province } = query;
  await ensureStats(db, dataset);
  const picks = await choose(db, dataset, matched.products, province);
  if (picks.length < CANDIDATES) {
    return reject(
      pick(
        lang,
        `数据集中"${payload.product}"的供应商不足${CANDIDATES}家（找到${picks.length}家）`,
        `Fewer than ${CANDIDATES} suppliers of "${payload.product}" in the dataset (found ${picks.length})`,
      ),
      { field: 'product', suggestions: [] },
    );
  }
  const ids = picks.map((p) => p.id);
  const [rows, facts] = await Promise.all([companiesById(db, dataset, ids), companyFacts(db, dataset, ids)]);
  const wanted = new Set(matched.products.map((p) => p.key));
  let ceiling = 100;
  const candidates: Result['candidates'] = picks.map((p, index) => {
    const company = rows.get(p.id)!;
    const fact = facts.get(p.id)!;
    const made = [
      ...company.products.filter((k) => wanted.has(k)),
      ...company.products.filter((k) => !wanted.has(k)),
    ];
    const evidence = [
      pick(lang, `主营产品：${productList(lang, made)}`, `Makes: ${productList(lang, made)}`),
      registrationLine(lang, company),
      exportLine(lang, fact),
      tierLine(lang, company.tiers),
      riskLine(lang, fact),
      reachLine(lang, p.reach, matched.products, province),
    ].filter((line): line is string => line !== null);
    const ref = companyRef(lang, company);
    ceiling = monotone(ceiling, p);
    return {
      rank: index + 1,
      name: ref.name,
      uscc: ref.uscc,
      country: 'CN',
      province: ref.province,
      city: ref.city,
      score: ceiling,
      evidence,
    };
  });
  return ok({
    data_source: dataset,
    query: { product: payload.product, province: province ? provinceRef(lang, province) : null },
    matched_terms: [...matched.terms],
    candidates,
  } satisfies Result);
};
