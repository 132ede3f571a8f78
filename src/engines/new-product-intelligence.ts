// report.new_product_intelligence: the content of the new-product report. Demand by country and
// price bands come from the trade records of the product; competing products are the leading
// exporters' marks for it; component suppliers are the best makers of each of its components.
// Mode `design` (planning a product) lists two suppliers per component; `deconstruct` (taking an
// existing product apart) lists four, and its summary leads with the bill of materials.
import type { Lang, ResultOf } from '../catalog/index.ts';
import { type Product, productByKey } from '../data/index.ts';
import type { Queryable } from '../storage/index.ts';
import { companiesById, companyRef } from './companies.ts';
import { countryName, productList } from './evidence.ts';
import { countryRef, demandByCountry } from './market.ts';
import { matchProducts, productName, productSuggestions, unknownProductMessage } from './products.ts';
import { ensureStats } from './stats.ts';
import { formatPercent, formatUsd, hasHan, joinList, pick, round, toLatin } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'report.new_product_intelligence'>;

const DEMAND_COUNTRIES = 20;
const COMPETING = 10;

/** Four price bands cut at the quartiles of unit prices; each band's share of traded value. */
async function priceBands(
  db: Queryable,
  dataset: Dataset,
  lang: Lang,
  keys: readonly string[],
): Promise<Result['price_bands']> {
  const { rows } = await db.query<{ q: number[] | null; total: number | null }>(
    `SELECT percentile_cont(ARRAY[0, 0.25, 0.5, 0.75, 1]) WITHIN GROUP (ORDER BY value_usd::float8 / quantity) AS q,
            sum(value_usd) AS total
     FROM trade_records WHERE dataset = $1 AND product = ANY($2::text[]) AND quantity > 0`,
    [dataset, keys],
  );
  const q = rows[0]?.q?.map(Number);
  const total = Number(rows[0]?.total ?? 0);
  if (!q || total === 0) return [];
  const { rows: shares } = await db.query<{ band: number; value: number }>(
    `SELECT width_bucket(value_usd::float8 / quantity, $3::float8[]) AS band, sum(value_usd) AS value
     FROM trade_records WHERE dataset = $1 AND product = ANY($2::text[]) AND quantity > 0 GROUP BY 1`,
    [dataset, keys, [q[1], q[2], q[3]]],
  );
  const bandValue = new Map(shares.map((r) => [Number(r.band), Number(r.value)]));
  const names = [
    pick(lang, '经济型', 'Budget'),
    pick(lang, '大众型', 'Mainstream'),
    pick(lang, '中高端', 'Upper-mid'),
    pick(lang, '高端', 'Premium'),
  ];
  return names.map((band, i) => ({
    band,
    min_usd: round(q[i]!, 2),
    max_usd: round(q[i + 1]!, 2),
    share: round((bandValue.get(i) ?? 0) / total, 4),
  }));
}

export const newProductIntelligence: Engine<'report.new_product_intelligence'> = async (
  payload,
  { db, lang, dataset },
) => {
  const matched = matchProducts(payload.product);
  if (matched.products.length === 0) {
    const suggestions = productSuggestions(lang, payload.product);
    return reject(unknownProductMessage(lang, payload.product, suggestions), {
      field: 'product',
      suggestions,
    });
  }
  await ensureStats(db, dataset);
  const mode = payload.mode ?? 'design';
  const keys = matched.products.map((p) => p.key);
  const [demand, bands, leaders] = await Promise.all([
    demandByCountry(db, dataset, keys),
    priceBands(db, dataset, lang, keys),
    db.query<{ company_id: number; score: number }>(
      `SELECT s.company_id, max(s.score) AS score FROM unnest($2::text[]) AS p(key)
       CROSS JOIN LATERAL (
         SELECT company_id, score FROM agg_product_supplier x WHERE x.dataset = $1 AND x.product = p.key
         ORDER BY x.score DESC, x.company_id LIMIT $3) s
       GROUP BY s.company_id ORDER BY score DESC, s.company_id LIMIT $3`,
      [dataset, keys, COMPETING],
    ),
  ]);
  const competing = await competingProducts(
    db,
    dataset,
    lang,
    matched.products,
    leaders.rows.map((r) => Number(r.company_id)),
  );
  const components = await componentSuppliers(
    db,
    dataset,
    lang,
    matched.products,
    mode === 'deconstruct' ? 4 : 2,
  );
  const demandRows = demand.ranking.filter((r) => r.purchasers > 0).slice(0, DEMAND_COUNTRIES);
  const result: Result = {
    data_source: dataset,
    product: payload.product,
    mode,
    summary: '',
    demand_by_country: demandRows.map((r) => ({
      country: countryRef(lang, r.country),
      purchasers: r.purchasers,
      value_usd: r.valueUsd,
    })),
    price_bands: bands,
    competing_products: competing,
    component_suppliers: components,
  };
  result.summary = summarize(lang, mode, matched.products, result);
  return ok(result);
};

/** The leading makers' own marks on the product (their trademark, else their 字号). */
async function competingProducts(
  db: Queryable,
  dataset: Dataset,
  lang: Lang,
  products: readonly Product[],
  ids: readonly number[],
): Promise<Result['competing_products']> {
  const [rows, marks, exports] = await Promise.all([
    companiesById(db, dataset, ids),
    db.query<{ company_id: number; mark: string }>(
      `SELECT DISTINCT ON (company_id) company_id, mark FROM trademarks
       WHERE dataset = $1 AND company_id = ANY($2::bigint[]) AND status = 'registered'
       ORDER BY company_id, (jurisdiction = 'cn') DESC, id`,
      [dataset, ids],
    ),
    db.query<{ company_id: number; value: number; country: string }>(
      `SELECT company_id, sum(value_usd) AS value, mode() WITHIN GROUP (ORDER BY country_code) AS country
       FROM trade_records WHERE dataset = $1 AND company_id = ANY($2::bigint[]) AND product = ANY($3::text[])
       GROUP BY company_id`,
      [dataset, ids, products.map((p) => p.key)],
    ),
  ]);
  const markOf = new Map(marks.rows.map((r) => [Number(r.company_id), r.mark]));
  const exportOf = new Map(exports.rows.map((r) => [Number(r.company_id), r]));
  return ids.flatMap((id) => {
    const company = rows.get(id);
    if (!company) return [];
    const product = products.find((p) => company.products.includes(p.key)) ?? products[0]!;
    const mark = markOf.get(id) ?? company.brand;
    const trade = exportOf.get(id);
    const note = trade
      ? pick(
          lang,
          `出口额${formatUsd(lang, Number(trade.value))}，主要市场${countryName(lang, trade.country)}；参保${company.insured_employees}人`,
          `Exports worth ${formatUsd(lang, Number(trade.value))}, mainly to ${countryName(lang, trade.country)}; ${company.insured_employees} insured employees`,
        )
      : pick(
          lang,
          `以内销为主；参保${company.insured_employees}人`,
          `Sells mainly in China; ${company.insured_employees} insured employees`,
        );
    // In English, a Chinese mark is shown in its pinyin and the maker by its English name.
    const shown = lang === 'en' && hasHan(mark) ? capitalise(toLatin(mark)) : mark;
    const maker = lang === 'en' ? (company.name_en ?? company.name) : company.name;
    return [{ name: `${shown} ${productName(lang, product)}`, maker, note }];
  });
}

/** For each component of the products, its best-scored makers. */
async function componentSuppliers(
  db: Queryable,
  dataset: Dataset,
  lang: Lang,
  products: readonly Product[],
  perComponent: number,
): Promise<Result['component_suppliers']> {
  const components = [...new Set(products.flatMap((p) => p.components))];
  if (components.length === 0) return [];
  const { rows } = await db.query<{ product: string; company_id: number }>(
    `SELECT p.key AS product, s.company_id FROM unnest($2::text[]) AS p(key)
     CROSS JOIN LATERAL (
       SELECT company_id FROM agg_product_supplier x WHERE x.dataset = $1 AND x.product = p.key
       ORDER BY x.score DESC, x.company_id LIMIT $3) s`,
    [dataset, components, perComponent],
  );
  const companies = await companiesById(
    db,
    dataset,
    rows.map((r) => Number(r.company_id)),
  );
  return rows.flatMap((r) => {
    const company = companies.get(Number(r.company_id));
    const component = productByKey(r.product);
    if (!company || !component) return [];
    return [{ ...companyRef(lang, company), component: productName(lang, component) }];
  });
}

function summarize(
  lang: Lang,
  mode: 'design' | 'deconstruct',
  products: readonly Product[],
  r: Result,
): string {
  const what = productList(
    lang,
    products.map((p) => p.key),
  );
  const top = r.demand_by_country.slice(0, 3).map((d) => d.country.name);
  const buyers = r.demand_by_country.reduce((sum, d) => sum + d.purchasers, 0);
  const main = r.price_bands.reduce<Result['price_bands'][number] | null>(
    (best, b) => (!best || b.share > best.share ? b : best),
    null,
  );
  const components = [...new Set(r.component_suppliers.map((c) => c.component))];
  const parts: string[] = [];
  if (mode === 'deconstruct' && components.length > 0) {
    parts.push(
      pick(
        lang,
        `拆解来看，${what}的主要部件为${joinList(lang, components)}，报告为每个部件列出了国内优选供应商。`,
        `Bill of materials of ${what}: ${joinList(lang, components)}; the report lists leading Chinese makers of each.`,
      ),
    );
  }
  parts.push(
    buyers > 0
      ? pick(
          lang,
          `${what}的海外采购商共${buyers}家，需求集中在${joinList(lang, top)}。`,
          `${buyers} overseas purchasers buy ${what}, concentrated in ${joinList(lang, top)}.`,
        )
      : pick(lang, `数据集中暂无${what}的出口记录。`, `The dataset has no export records of ${what} yet.`),
  );
  if (main) {
    parts.push(
      pick(
        lang,
        `按成交额计，${main.band}价格带（${main.min_usd}-${main.max_usd}美元）占${formatPercent(main.share)}。`,
        `By traded value the ${main.band.toLowerCase()} band (US$${main.min_usd}-${main.max_usd}) accounts for ${formatPercent(main.share)}.`,
      ),
    );
  }
  if (mode === 'design' && components.length > 0) {
    parts.push(
      pick(
        lang,
        `设计新品时可就近采购${joinList(lang, components)}等部件。`,
        `For a new design, components such as ${joinList(lang, components)} can be sourced from the suppliers listed.`,
      ),
    );
  }
  return parts.join(lang === 'en' ? ' ' : '');
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
