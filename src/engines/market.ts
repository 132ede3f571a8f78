// decide.market: which overseas markets buy a product. Every country the dataset covers (has
// overseas buyers in) is ranked by how many distinct purchasers bought the product from China,
// then by value; never truncated, zeros included, so an absent market is visible as such.
import type { Lang, ResultOf } from '../catalog/index.ts';
import type { Product } from '../data/index.ts';
import type { Queryable } from '../storage/index.ts';
import { countryName } from './evidence.ts';
import { matchProducts, productSuggestions, unknownProductMessage } from './products.ts';
import { ensureStats } from './stats.ts';
import { share } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'decide.market'>;

export interface CountryDemand {
  country: string;
  purchasers: number;
  shipments: number;
  valueUsd: number;
  quantity: number;
}

/** Purchasers, shipments and value per covered country for some product keys, best first. */
export async function demandByCountry(
  db: Queryable,
  dataset: Dataset,
  keys: readonly string[],
): Promise<{ ranking: CountryDemand[]; covered: number }> {
  await ensureStats(db, dataset);
  const [purchasers, trade, covered] = await Promise.all([
    // Distinct buyers across all the keys (a buyer of two of them counts once).
    db.query<{ country_code: string; purchasers: number }>(
      `SELECT country_code, count(DISTINCT buyer_id) AS purchasers FROM agg_product_buyer
       WHERE dataset = $1 AND product = ANY($2::text[]) GROUP BY country_code`,
      [dataset, keys],
    ),
    db.query<{ country_code: string; shipments: number; value_usd: number; quantity: number }>(
      `SELECT country_code, sum(shipments) AS shipments, sum(value_usd) AS value_usd, sum(quantity) AS quantity
       FROM agg_product_country WHERE dataset = $1 AND product = ANY($2::text[]) GROUP BY country_code`,
      [dataset, keys],
    ),
    db.query<{ country_code: string }>('SELECT country_code FROM agg_buyer_country WHERE dataset = $1', [
      dataset,
    ]),
  ]);
  const byCountry = new Map<string, CountryDemand>();
  const entry = (country: string) => {
    let found = byCountry.get(country);
    if (!found) {
      found = { country, purchasers: 0, shipments: 0, valueUsd: 0, quantity: 0 };
      byCountry.set(country, found);
    }
    return found;
  };
  for (const row of covered.rows) entry(row.country_code);
  for (const row of purchasers.rows) entry(row.country_code).purchasers = Number(row.purchasers);
  for (const row of trade.rows) {
    const e = entry(row.country_code);
    e.shipments = Number(row.shipments);
    e.valueUsd = Number(row.value_usd);
    e.quantity = Number(row.quantity);
  }
  const ranking = [...byCountry.values()].sort(
    (a, b) => b.purchasers - a.purchasers || b.valueUsd - a.valueUsd || a.country.localeCompare(b.country),
  );
  return { ranking, covered: byCountry.size };
}

export function countryRef(lang: Lang, code: string): { code: string; name: string } {
  return { code, name: countryName(lang, code) };
}

export function hsCodes(products: readonly Product[]): string[] {
  return [...new Set(products.map((p) => p.hs).filter((hs): hs is string => hs !== null))];
}

export const market: Engine<'decide.market'> = async (payload, { db, lang, dataset }) => {
  const matched = matchProducts(payload.product);
  if (matched.products.length === 0) {
    const suggestions = productSuggestions(lang, payload.product);
    return reject(unknownProductMessage(lang, payload.product, suggestions), {
      field: 'product',
      suggestions,
    });
  }
  const { ranking, covered } = await demandByCountry(
    db,
    dataset,
    matched.products.map((p) => p.key),
  );
  const totalPurchasers = ranking.reduce((sum, r) => sum + r.purchasers, 0);
  return ok({
    data_source: dataset,
    product: payload.product,
    hs_codes: hsCodes(matched.products),
    ranking: ranking.map((r, index) => ({
      rank: index + 1,
      country: countryRef(lang, r.country),
      purchasers: r.purchasers,
      shipments: r.shipments,
      value_usd: r.valueUsd,
      share: share(r.purchasers, totalPurchasers),
    })),
    covered_countries: covered,
  } satisfies Result);
};
