// discover.competitors: companies of the target's industry, scored by how closely they resemble
// it (same products, similar size and capital, same province, same export orientation and tier
// standing), best first, at most 500; `capped` says when more were found.
import { type ResultOf, TIERS } from '../catalog/index.ts';
import type { Queryable } from '../storage/index.ts';
import { type CompanyRow, companyRef, findCompany } from './companies.ts';
import { ensureStats } from './stats.ts';
import { round } from './text.ts';
import { type Dataset, type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'discover.competitors'>;

export const MAX_COMPETITORS = 500;

/**
 * Similarity 0-100: products 45 (makes all the target's products 45, some 25), same province 15,
 * size 25 (insured employees on a log scale; a hundredfold difference scores 0), registered
 * capital 5 (log scale, a thousandfold difference scores 0), export orientation 5, tier standing
 * 5 (a shared tier, or neither has one).
 *
 * The products part is constant within groups of companies (makes all, some or none of the
 * target's products), so the groups are scored best-first (each with an index: the products GIN,
 * the industry-province btree) and the search stops once the 500th best score beats anything the
 * next group could reach. Within a group only cheap arithmetic on the narrow agg_competitor rows
 * remains.
 */
interface Group {
  readonly products: 'all' | 'some' | 'none';
  /** 'any' scores both provinces in one scan (the province points are added per row). */
  readonly province: 'same' | 'other' | 'any';
  /** The products points every member of the group gets. */
  readonly base: number;
}

// Product groups with many members are read in one scan for both provinces; the small
// no-shared-product groups are split so the usually decisive same-province part comes first.
const GROUPS: readonly Group[] = [
  { products: 'all', province: 'any', base: 45 },
  { products: 'some', province: 'any', base: 25 },
  { products: 'none', province: 'same', base: 0 },
  { products: 'none', province: 'other', base: 0 },
];

/** The most a member of the group can score. */
function ceiling(group: Group): number {
  return group.base + (group.province === 'other' ? 0 : 15) + REST;
}

/** The most the size, capital, export and tier parts can add. */
const REST = 40;

export function tierMask(tiers: readonly string[]): number {
  return TIERS.reduce((mask, tier, bit) => (tiers.includes(tier) ? mask | (1 << bit) : mask), 0);
}

interface Scored {
  id: number;
  score: number;
}

async function scoreGroup(
  db: Queryable,
  dataset: Dataset,
  target: CompanyRow,
  group: Group,
  limit: number,
): Promise<Scored[]> {
  const productCondition = {
    all: 'c.products @> $4::text[]',
    some: 'c.products && $4::text[] AND NOT c.products @> $4::text[]',
    none: 'NOT c.products && $4::text[]',
  }[group.products];
  const provinceCondition = { same: 'c.province_code = $5', other: 'c.province_code <> $5', any: 'true' }[
    group.province
  ];
  const { rows } = await db.query<{ company_id: number; score: number }>(
    `SELECT c.company_id,
            $6::float8 + CASE WHEN c.province_code = $5 THEN 15 ELSE 0 END
              + 25 * (1 - least(1, abs(c.size_ln - $7::float8) / ln(101)))
              + 5 * (1 - least(1, abs(c.capital_ln - $8::float8) / ln(1001)))
              + CASE WHEN c.exporter = $9 THEN 5 ELSE 0 END
              + CASE WHEN (c.tier_mask & $10) <> 0 OR (c.tier_mask = 0 AND $10 = 0) THEN 5 ELSE 0 END AS score
     FROM agg_competitor c
     WHERE c.dataset = $1 AND c.industry_code = $2 AND c.company_id <> $3 AND ${productCondition} AND ${provinceCondition}
     ORDER BY score DESC, c.company_id LIMIT $11`,
    [
      dataset,
      target.industry_code,
      target.id,
      target.products,
      target.province_code,
      group.base,
      Math.log1p(target.insured_employees),
      Math.log1p(target.registered_capital_cny ?? 0),
      target.exporter,
      tierMask(target.tiers),
      limit,
    ],
  );
  return rows.map((r) => ({ id: Number(r.company_id), score: Number(r.score) }));
}

export async function topCompetitors(
  db: Queryable,
  dataset: Dataset,
  target: CompanyRow,
  sameProvinceOnly: boolean,
): Promise<Scored[]> {
  // Without products every company is "none"; "all" would otherwise match everyone via @> '{}'.
  const groups = GROUPS.filter((g) => target.products.length > 0 || g.products === 'none')
    .filter((g) => !sameProvinceOnly || g.province !== 'other')
    .map((g) => (sameProvinceOnly && g.province === 'any' ? { ...g, province: 'same' as const } : g));
  let best: Scored[] = [];
  for (const [index, group] of groups.entries()) {
    const found = await scoreGroup(db, dataset, target, group, MAX_COMPETITORS);
    best = [...best, ...found].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, MAX_COMPETITORS);
    const next = groups[index + 1];
    if (!next) break;
    // Nobody further down can displace the 500th: stop.
    if (best.length === MAX_COMPETITORS && best.at(-1)!.score > ceiling(next)) break;
  }
  return best;
}

export const competitors: Engine<'discover.competitors'> = async (payload, { db, lang, dataset }) => {
  const found = await findCompany(db, dataset, lang, payload.company);
  if (found.kind === 'unknown')
    return reject(found.msg, { field: 'company', suggestions: found.suggestions });
  const target = found.company;
  const sameProvince = payload.same_province_only ?? false;
  await ensureStats(db, dataset);
  const [best, counted] = await Promise.all([
    topCompetitors(db, dataset, target, sameProvince),
    db.query<{ n: number }>(
      `SELECT coalesce(sum(active), 0) AS n FROM agg_industry_province
       WHERE dataset = $1 AND industry_code = $2 AND ($3::boolean IS FALSE OR province_code = $4)`,
      [dataset, target.industry_code, sameProvince, target.province_code],
    ),
  ]);
  // Every active company of the industry (and province) except the target itself.
  const total = Math.max(0, Number(counted.rows[0]?.n ?? 0) - (target.status === 'active' ? 1 : 0));
  // Only what a companyRef needs: five hundred wide rows would cost more than the scoring.
  const refs = await db.query<CompanyRow>(
    `SELECT c.id, c.name, c.uscc, c.province_code, c.city, c.city_en, c.industry_code FROM companies c
     WHERE c.dataset = $1 AND c.id = ANY($2::bigint[])`,
    [dataset, best.map((b) => b.id)],
  );
  const rows = new Map(refs.rows.map((row) => [Number(row.id), row]));
  return ok({
    data_source: dataset,
    company: companyRef(lang, target),
    total_found: total,
    capped: total > best.length,
    competitors: best.flatMap((b, index) => {
      const row = rows.get(b.id);
      return row
        ? [
            {
              ...companyRef(lang, row),
              rank: index + 1,
              score: round(Math.min(100, Math.max(0, b.score)), 1),
            },
          ]
        : [];
    }),
  } satisfies Result);
};
