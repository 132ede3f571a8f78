// Precomputed aggregates over one dataset (tables agg_* of migration 0150), rebuilt from the
// base tables whenever the dataset's load stamp changes. Engines call ensureStats first; loaders
// may call refreshStats right after a load so that no caller ever waits for a rebuild.
import type { Database, Queryable } from '../storage/index.ts';
import type { Dataset } from './types.ts';

// Rebuilds run one at a time per database (PostgreSQL advisory lock, inside the transaction).
const REBUILD_LOCK = 4_242_150;
/** Bumped whenever REBUILD_STATEMENTS change, so existing aggregates are rebuilt on next use. */
const STATS_VERSION = 'v2';

// A load is identified by its datasets row: the demo loader rewrites it and the importer sets
// loaded_at, so both are noticed. Anything else that writes business rows calls refreshStats.
const STAMP_SQL = `SELECT (SELECT loaded_at::text || '/' || companies FROM datasets WHERE name = $1) AS loaded,
            (SELECT stamp FROM engine_stats_state WHERE dataset = $1) AS built`;

/** What identifies the current load, and what the aggregates were last built from. */
async function stamps(
  db: Queryable,
  dataset: Dataset,
): Promise<{ current: string; built: string | undefined }> {
  const { rows } = await db.query<{ loaded: string | null; built: string | null }>(STAMP_SQL, [dataset]);
  const row = rows[0];
  return { current: `${STATS_VERSION}|${row?.loaded ?? '-'}`, built: row?.built ?? undefined };
}

/** The statements that rebuild every aggregate of one dataset, in dependency order. */
export const REBUILD_STATEMENTS: readonly string[] = [
  'DELETE FROM agg_company WHERE dataset = $1',
  // Sparse: only companies with trade, risk or trademark rows; readers LEFT JOIN and coalesce.
  `INSERT INTO agg_company
     SELECT $1, x.company_id, sum(x.shipments), sum(x.usd), sum(x.countries), sum(x.buyers),
            sum(x.risk_n), sum(x.adverse), sum(x.risk_w), sum(x.marks)
     FROM (
       SELECT company_id, count(*) AS shipments, sum(value_usd) AS usd, count(DISTINCT country_code) AS countries,
              count(DISTINCT buyer_id) AS buyers, 0 AS risk_n, 0 AS adverse, 0 AS risk_w, 0 AS marks
       FROM trade_records WHERE dataset = $1 GROUP BY company_id
       UNION ALL
       SELECT company_id, 0, 0, 0, 0, count(*), count(*) FILTER (WHERE kind <> 'change'),
              round(sum(CASE kind WHEN 'dishonest' THEN 40 WHEN 'enforcement' THEN 16 WHEN 'penalty' THEN 7
                                  WHEN 'litigation' THEN 3 ELSE 0.5 END
                        * CASE WHEN status = 'open' THEN 1 ELSE 0.35 END)), 0
       FROM risk_records WHERE dataset = $1 GROUP BY company_id
       UNION ALL
       SELECT company_id, 0, 0, 0, 0, 0, 0, 0, count(*)
       FROM trademarks WHERE dataset = $1 AND company_id IS NOT NULL GROUP BY company_id
     ) x GROUP BY x.company_id`,
  'DELETE FROM agg_industry_province WHERE dataset = $1',
  `INSERT INTO agg_industry_province
     SELECT $1, c.industry_code, c.province_code, count(*), count(*) FILTER (WHERE c.status = 'active'),
            coalesce(sum(c.insured_employees), 0), coalesce(sum(c.registered_capital_cny), 0),
            count(*) FILTER (WHERE c.exporter), count(*) FILTER (WHERE cardinality(c.tiers) > 0),
            count(*) FILTER (WHERE 'high_tech' = ANY (c.tiers)), count(*) FILTER (WHERE 'listed' = ANY (c.tiers)),
            count(*) FILTER (WHERE a.adverse > 0)
     FROM companies c LEFT JOIN agg_company a ON a.dataset = $1 AND a.company_id = c.id
     WHERE c.dataset = $1 GROUP BY c.industry_code, c.province_code`,
  'DELETE FROM agg_industry_year WHERE dataset = $1',
  `INSERT INTO agg_industry_year
     SELECT $1, industry_code, province_code, extract(year FROM founded_on)::int, count(*)
     FROM companies WHERE dataset = $1 AND founded_on IS NOT NULL
     GROUP BY industry_code, province_code, extract(year FROM founded_on)::int`,
  'DELETE FROM agg_product_supplier WHERE dataset = $1',
  `INSERT INTO agg_product_supplier
     SELECT $1, p.product, c.id, c.province_code,
            bizfn_supplier_score(c.insured_employees, c.registered_capital_cny, a.export_usd,
                                 cardinality(c.tiers), c.founded_on, a.risk_weight, c.status, current_date)
     FROM companies c CROSS JOIN LATERAL unnest(c.products) AS p(product)
     LEFT JOIN agg_company a ON a.dataset = $1 AND a.company_id = c.id
     WHERE c.dataset = $1 AND c.status = 'active'
     ON CONFLICT DO NOTHING`,
  'DELETE FROM agg_competitor WHERE dataset = $1',
  // Industry and main-product order keeps the rows a competitor search reads on few pages.
  `INSERT INTO agg_competitor
     SELECT $1, industry_code, province_code, id, ln(1 + insured_employees), ln(1 + coalesce(registered_capital_cny, 0)),
            exporter,
            (CASE WHEN 'listed' = ANY (tiers) THEN 1 ELSE 0 END) | (CASE WHEN 'srdi' = ANY (tiers) THEN 2 ELSE 0 END)
            | (CASE WHEN 'little_giant' = ANY (tiers) THEN 4 ELSE 0 END) | (CASE WHEN 'high_tech' = ANY (tiers) THEN 8 ELSE 0 END)
            | (CASE WHEN 'tech_sme' = ANY (tiers) THEN 16 ELSE 0 END) | (CASE WHEN 'soe' = ANY (tiers) THEN 32 ELSE 0 END),
            products
     FROM companies WHERE dataset = $1 AND status = 'active'
     ORDER BY industry_code, products[1], province_code, id`,
  'DELETE FROM agg_product_buyer WHERE dataset = $1',
  `INSERT INTO agg_product_buyer
     SELECT $1, t.product, t.buyer_id, min(t.country_code), count(*), sum(t.value_usd),
            count(DISTINCT t.company_id), max(t.shipped_on)
     FROM trade_records t WHERE t.dataset = $1 AND t.product IS NOT NULL
     GROUP BY t.product, t.buyer_id`,
  'DELETE FROM agg_product_buyer_province WHERE dataset = $1',
  `INSERT INTO agg_product_buyer_province
     SELECT $1, t.product, c.province_code, t.buyer_id, count(*), sum(t.value_usd)
     FROM trade_records t JOIN companies c ON c.dataset = $1 AND c.id = t.company_id
     WHERE t.dataset = $1 AND t.product IS NOT NULL
     GROUP BY t.product, c.province_code, t.buyer_id`,
  'DELETE FROM agg_buyer_country WHERE dataset = $1',
  `INSERT INTO agg_buyer_country
     SELECT $1, country_code, count(*) FROM overseas_buyers WHERE dataset = $1 GROUP BY country_code`,
  'DELETE FROM agg_product_country WHERE dataset = $1',
  `INSERT INTO agg_product_country
     SELECT $1, product, country_code, count(DISTINCT buyer_id), count(*), sum(value_usd),
            coalesce(sum(quantity), 0)
     FROM trade_records WHERE dataset = $1 AND product IS NOT NULL
     GROUP BY product, country_code`,
];

const AGG_TABLES = [
  'agg_company',
  'agg_industry_province',
  'agg_industry_year',
  'agg_product_supplier',
  'agg_competitor',
  'agg_product_buyer',
  'agg_product_buyer_province',
  'agg_buyer_country',
  'agg_product_country',
  'engine_stats_state',
];

function isDatabase(db: Queryable): db is Database {
  return typeof (db as Partial<Database>).transaction === 'function';
}

async function rebuild(db: Queryable, dataset: Dataset, stamp: string): Promise<void> {
  for (const statement of REBUILD_STATEMENTS) {
    await db.query(statement, statement.includes('$1') ? [dataset] : []);
  }
  await db.query(
    `INSERT INTO engine_stats_state (dataset, stamp, built_at) VALUES ($1, $2, now())
     ON CONFLICT (dataset) DO UPDATE SET stamp = EXCLUDED.stamp, built_at = EXCLUDED.built_at`,
    [dataset, stamp],
  );
}

/** Rebuilds the aggregates of one dataset now, whatever their stamp says. */
export async function refreshStats(db: Queryable, dataset: Dataset): Promise<void> {
  await ensureStats(db, dataset, { force: true });
}

/** Makes sure the aggregates match the dataset's current load; rebuilds them when they do not. */
export async function ensureStats(
  db: Queryable,
  dataset: Dataset,
  options: { force?: boolean } = {},
): Promise<void> {
  const { current, built } = await stamps(db, dataset);
  if (options.force || built !== current) {
    if (!isDatabase(db)) {
      // Already inside someone's transaction: rebuild in it.
      await rebuild(db, dataset, current);
    } else {
      const rebuilt = await db.transaction(async (tx) => {
        if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [REBUILD_LOCK]);
        // Another process may have rebuilt while we waited for the lock.
        const again = await stamps(tx, dataset);
        if (!options.force && again.built === again.current) return false;
        await rebuild(tx, dataset, again.current);
        return true;
      });
      // The rebuild leaves the old rows dead: clear them out and refresh the planner's statistics
      // (PGlite has no autovacuum, and bloated indexes would double every scan).
      // One statement per call: a multi-statement script runs as one transaction, where VACUUM cannot.
      if (rebuilt) for (const table of AGG_TABLES) await db.exec(`VACUUM ANALYZE ${table}`);
    }
  }
}
