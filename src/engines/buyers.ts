// discover.buyers: ten overseas buyers of a product, ranked by what they have actually bought from
// China (value, shipments, number of Chinese suppliers, how recently), each with that evidence.
// With a province, the purchases counted are those from suppliers in that province. Buyers known
// to deal in the product without recorded shipments complete a short list, and say so.
import type { Lang, ResultOf } from '../catalog/index.ts';
import { PRODUCTS } from '../data/index.ts';
import type { Queryable } from '../storage/index.ts';
import { countryName, productList } from './evidence.ts';
import { resolveProductQuery } from './products.ts';
import { provinceName, provinceRef } from './regions.ts';
import { ensureStats } from './stats.ts';
import { formatUsd, joinList, pick, round } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'discover.buyers'>;

const CANDIDATES = 10;

interface Ranked {
  id: number;
  shipments: number;
  valueUsd: number;
  suppliers: number;
  lastShipped: string | null;
}

async function topBuyers(
  db: Queryable,
  dataset: Dataset,
  products: readonly string[],
  province: string | null,
): Promise<Ranked[]> {
  // Top of one index range per product key, merged per buyer.
  const sql = province
    ? `SELECT b.buyer_id, sum(b.shipments) AS shipments, sum(b.value_usd) AS value_usd, NULL::int AS suppliers,
              NULL::text AS last_shipped
       FROM unnest($2::text[]) AS p(key) CROSS JOIN LATERAL (
         SELECT buyer_id, shipments, value_usd FROM agg_product_buyer_province x
         WHERE x.dataset = $1 AND x.product = p.key AND x.province_code = $3
         ORDER BY x.value_usd DESC, x.buyer_id LIMIT 30) b
       GROUP BY b.buyer_id ORDER BY value_usd DESC, b.buyer_id LIMIT 30`
    : `SELECT b.buyer_id, sum(b.shipments) AS shipments, sum(b.value_usd) AS value_usd, max(b.suppliers) AS suppliers,
              to_char(max(b.last_shipped), 'YYYY-MM-DD') AS last_shipped
       FROM unnest($2::text[]) AS p(key) CROSS JOIN LATERAL (
         SELECT buyer_id, shipments, value_usd, suppliers, last_shipped FROM agg_product_buyer x
         WHERE x.dataset = $1 AND x.product = p.key
         ORDER BY x.value_usd DESC, x.buyer_id LIMIT 30) b
       GROUP BY b.buyer_id ORDER BY value_usd DESC, b.buyer_id LIMIT 30`;
  const { rows } = await db.query<{
    buyer_id: number;
    shipments: number;
    value_usd: number;
    suppliers: number | null;
    last_shipped: string | null;
  }>(sql, province ? [dataset, products, province] : [dataset, products]);
  return rows.map((r) => ({
    id: Number(r.buyer_id),
    shipments: Number(r.shipments),
    valueUsd: Number(r.value_usd),
    suppliers: Number(r.suppliers ?? 0),
    lastShipped: r.last_shipped,
  }));
}

interface BuyerRow {
  id: number;
  name: string;
  country_code: string;
  city: string | null;
  kind: string;
  products: string[];
  employees: number | null;
  annual_import_usd: number | null;
}

const KIND_NAMES: Record<string, { zh: string; en: string }> = {
  importer: { zh: '进口商', en: 'importer' },
  distributor: { zh: '分销商', en: 'distributor' },
  retailer: { zh: '零售商', en: 'retailer' },
  brand: { zh: '品牌商', en: 'brand owner' },
  manufacturer: { zh: '制造商', en: 'manufacturer' },
};

/**
 * Score 0-100: 55 for purchase value (log scale against the top buyer of the list), 20 for
 * shipments (20 or more count fully), 15 for the number of Chinese suppliers (5 or more: used to
 * sourcing from China), 10 for a shipment in the last year. Buyers without recorded shipments
 * get at most 30, from their declared annual imports.
 */
export function buyerScore(r: Ranked, topValue: number, now: Date): number {
  if (r.shipments === 0) return 0;
  const value = topValue > 0 ? Math.log1p(r.valueUsd) / Math.log1p(topValue) : 0;
  const recent =
    r.lastShipped && now.getTime() - Date.parse(`${r.lastShipped}T00:00:00Z`) < 365 * 86_400_000 ? 1 : 0;
  return round(
    55 * value + 20 * Math.min(1, r.shipments / 20) + 15 * Math.min(1, r.suppliers / 5) + 10 * recent,
    1,
  );
}

function declaredScore(annualImportUsd: number | null): number {
  return round(30 * Math.min(1, Math.log1p(annualImportUsd ?? 0) / Math.log1p(1e9)), 1);
}

export const buyers: Engine<'discover.buyers'> = async (payload, { db, lang, dataset, now }) => {
  const query = resolveProductQuery(lang, payload);
  if (query.kind === 'rejected') return query;
  const { matched, province } = query;
  await ensureStats(db, dataset);
  const keys = matched.products.map((p) => p.key);
  const ranked = (await topBuyers(db, dataset, keys, province)).slice(0, CANDIDATES);
  const ids = ranked.map((r) => r.id);
  // Complete a short list: buyers that deal in the product, then in related products of the same
  // industry (they buy from the same makers), largest declared importers first.
  const related = PRODUCTS.filter((p) => matched.products.some((m) => m.division === p.division)).map(
    (p) => p.key,
  );
  for (const circle of [keys, related]) {
    if (ids.length >= CANDIDATES) break;
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM overseas_buyers WHERE dataset = $1 AND products && $2::text[] AND NOT (id = ANY($3::bigint[]))
       ORDER BY annual_import_usd DESC NULLS LAST, id LIMIT $4`,
      [dataset, circle, ids, CANDIDATES - ids.length],
    );
    for (const row of rows) ids.push(Number(row.id));
  }
  if (ids.length < CANDIDATES) {
    return reject(
      pick(
        lang,
        `数据集中"${payload.product}"的海外买家不足${CANDIDATES}家（找到${ids.length}家）`,
        `Fewer than ${CANDIDATES} overseas buyers of "${payload.product}" in the dataset (found ${ids.length})`,
      ),
      { field: 'product', suggestions: [] },
    );
  }
  const [details, sources] = await Promise.all([
    db.query<BuyerRow>(
      `SELECT id, name, country_code, city, kind, products, employees, annual_import_usd
       FROM overseas_buyers WHERE dataset = $1 AND id = ANY($2::bigint[])`,
      [dataset, ids],
    ),
    // Where each buyer's Chinese suppliers of these products are: the provinces behind the evidence.
    db.query<{ buyer_id: number; province_code: string }>(
      `SELECT buyer_id, province_code FROM agg_product_buyer_province
       WHERE dataset = $1 AND product = ANY($2::text[]) AND buyer_id = ANY($3::bigint[])
       GROUP BY buyer_id, province_code ORDER BY buyer_id, sum(value_usd) DESC`,
      [dataset, keys, ids],
    ),
  ]);
  const byId = new Map(details.rows.map((row) => [Number(row.id), row]));
  const provincesOf = new Map<number, string[]>();
  for (const row of sources.rows) {
    const list = provincesOf.get(Number(row.buyer_id)) ?? [];
    list.push(row.province_code);
    provincesOf.set(Number(row.buyer_id), list);
  }
  const topValue = ranked[0]?.valueUsd ?? 0;
  const candidates: Result['candidates'] = ids.map((id, index) => {
    const buyer = byId.get(id)!;
    const trade = ranked.find((r) => r.id === id);
    const score = trade ? buyerScore(trade, topValue, now) : declaredScore(buyer.annual_import_usd);
    return {
      rank: index + 1,
      name: buyer.name,
      uscc: null,
      country: buyer.country_code,
      province: null,
      city: buyer.city,
      score,
      evidence: evidenceFor(lang, buyer, trade, provincesOf.get(id) ?? [], keys, province),
    };
  });
  // Keep the scores in rank order (trade-backed buyers come first and score higher by design).
  for (let i = 1; i < candidates.length; i++) {
    candidates[i]!.score = Math.min(candidates[i]!.score, candidates[i - 1]!.score);
  }
  return ok({
    data_source: dataset,
    query: { product: payload.product, province: province ? provinceRef(lang, province) : null },
    matched_terms: [...matched.terms],
    candidates,
  } satisfies Result);
};

function evidenceFor(
  lang: Lang,
  buyer: BuyerRow,
  trade: Ranked | undefined,
  provinces: readonly string[],
  keys: readonly string[],
  province: string | null,
): string[] {
  const kind = KIND_NAMES[buyer.kind];
  const lines = [
    pick(
      lang,
      `${countryName(lang, buyer.country_code)}${buyer.city ? `·${buyer.city}` : ''}的${kind?.zh ?? buyer.kind}，经营${productList(lang, buyer.products)}`,
      `${capitalise(kind?.en ?? buyer.kind)} in ${buyer.city ? `${buyer.city}, ` : ''}${countryName(lang, buyer.country_code)} dealing in ${productList(lang, buyer.products)}`,
    ),
  ];
  const what = productList(lang, keys);
  if (trade) {
    const from = province ? provinceName(lang, province) : pick(lang, '中国', 'China');
    lines.push(
      pick(
        lang,
        `从${from}采购${what}${trade.shipments}批次，金额${formatUsd(lang, trade.valueUsd)}`,
        `Bought ${what} from ${from} in ${trade.shipments} shipments worth ${formatUsd(lang, trade.valueUsd)}`,
      ),
    );
    if (trade.suppliers > 0) {
      lines.push(pick(lang, `合作中国供应商${trade.suppliers}家`, `${trade.suppliers} Chinese suppliers`));
    }
    if (trade.lastShipped)
      lines.push(pick(lang, `最近一次采购：${trade.lastShipped}`, `Last shipment: ${trade.lastShipped}`));
    if (!province && provinces.length > 0) {
      const names = joinList(
        lang,
        provinces.slice(0, 3).map((code) => provinceName(lang, code)),
      );
      lines.push(pick(lang, `供应商主要位于${names}`, `Suppliers mainly in ${names}`));
    }
  } else {
    lines.push(
      pick(
        lang,
        `经营该产品，但数据集中暂无其自中国的采购记录`,
        'Deals in the product; no shipments from China on record yet',
      ),
    );
  }
  if (buyer.annual_import_usd) {
    lines.push(
      pick(
        lang,
        `年进口额约${formatUsd(lang, buyer.annual_import_usd)}`,
        `Annual imports about ${formatUsd(lang, buyer.annual_import_usd)}`,
      ),
    );
  }
  return lines;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
