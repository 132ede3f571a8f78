// The demo dataset is deterministic, coherent (records agree with their company) and follows
// industrial geography; loading it labels it as synthetic and replaces a previous load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { productByKey } from '../reference/products.ts';
import { isValidUscc } from '../uscc.ts';
import { demoBatches } from './batches.ts';
import { generateDemo } from './generate.ts';
import { DEMO_LABEL, demoSize, loadDemo } from './load.ts';
import type { TableRows } from './rows.ts';

function collect(companies: number, seed?: number): TableRows {
  const all: TableRows = {
    companies: [],
    trademarks: [],
    risk_records: [],
    overseas_buyers: [],
    trade_records: [],
    contacts: [],
  };
  for (const batch of generateDemo({ companies, seed, batchSize: 1000 })) {
    for (const key of Object.keys(all) as (keyof TableRows)[])
      (all[key] as unknown[]).push(...batch.rows[key]);
  }
  return all;
}

const data = collect(6000);

describe('demo generator', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const again = collect(300);
    expect(again.companies).toEqual(data.companies.slice(0, 300));
    expect(collect(300, 7).companies[0]!.name).not.toBe(data.companies[0]!.name);
  });

  it('yields the same batches from the worker thread as on this thread', async () => {
    const viaWorker: TableRows['companies'] = [];
    for await (const batch of demoBatches({ companies: 300, batchSize: 100 }))
      viaWorker.push(...batch.rows.companies);
    expect(viaWorker).toEqual(data.companies.slice(0, 300));
  });

  it('gives every company a valid, unique USCC and a unique legal name', () => {
    expect(data.companies.every((c) => isValidUscc(c.uscc))).toBe(true);
    expect(new Set(data.companies.map((c) => c.uscc)).size).toBe(data.companies.length);
    expect(new Set(data.companies.map((c) => c.name)).size).toBe(data.companies.length);
  });

  it('makes companies whose products belong to their industry and whose name carries their brand', () => {
    const bad = data.companies.filter(
      (company) =>
        !company.name.includes(company.brand) ||
        !company.name_en?.includes(company.brand_latin[0]!.toUpperCase() + company.brand_latin.slice(1)) ||
        (company.industry_code !== '51' &&
          company.products.some((key) => productByKey(key)?.division !== company.industry_code)),
    );
    expect(bad).toEqual([]);
  });

  it("ships each exporter's own products to buyers of them, in the buyer's country", () => {
    const companies = new Map(data.companies.map((c) => [c.id, c]));
    const buyers = new Map(data.overseas_buyers.map((b) => [b.id, b]));
    expect(data.trade_records.length).toBeGreaterThan(1000);
    const bad = data.trade_records.filter((row) => {
      const company = companies.get(row.company_id)!;
      const buyer = buyers.get(row.buyer_id)!;
      return (
        !company.exporter ||
        !company.products.includes(row.product!) ||
        !buyer.products.includes(row.product!) ||
        row.country_code !== buyer.country_code ||
        row.hs_code !== productByKey(row.product!)!.hs
      );
    });
    expect(bad).toEqual([]);
  });

  it("registers trademarks that carry the owner's brand, in the class of its products", () => {
    const companies = new Map(data.companies.map((c) => [c.id, c]));
    const own = data.trademarks.filter((t) => t.company_id !== null);
    expect(own.length).toBeGreaterThan(1000);
    let branded = 0;
    const wrongClass = own.filter((mark) => {
      const company = companies.get(mark.company_id!)!;
      if (mark.mark === company.brand || mark.mark_latin === company.brand_latin) branded++;
      const main = productByKey(company.products[0] ?? '');
      return main !== undefined && mark.nice_class !== main.nice;
    });
    expect(wrongClass).toEqual([]);
    expect(branded / own.length).toBeGreaterThan(0.8);
  });

  it('lists a dishonest debtor only with an enforcement record', () => {
    const enforced = new Set(
      data.risk_records.filter((r) => r.kind === 'enforcement').map((r) => r.company_id),
    );
    const dishonest = data.risk_records.filter((r) => r.kind === 'dishonest');
    expect(dishonest.length).toBeGreaterThan(0);
    expect(dishonest.filter((row) => !enforced.has(row.company_id))).toEqual([]);
  });

  it('covers all 31 provinces and follows industrial geography', () => {
    expect(new Set(data.companies.map((c) => c.province_code)).size).toBe(31);
    const leader = (division: string) => {
      const counts = new Map<string, number>();
      for (const c of data.companies)
        if (c.industry_code === division) counts.set(c.province_code, (counts.get(c.province_code) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    };
    expect(leader('39')).toBe('440000');
    expect(['330000', '320000']).toContain(leader('17'));
  });
});

describe(`demo load (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('writes the dataset into the demo partitions with a synthetic label, and a reload replaces it', async () => {
    expect(await demoSize(db)).toBeNull();
    const progress: number[] = [];
    const first = await loadDemo(db, { companies: 1500, onProgress: (done) => progress.push(done) });
    expect(first.rows.companies).toBe(1500);
    expect(progress.at(-1)).toBe(1500);
    expect(await demoSize(db)).toBe(1500);
    const label = await db.query<{ label: string; synthetic: boolean }>(
      "SELECT label, synthetic FROM datasets WHERE name = 'demo'",
    );
    expect(label.rows[0]).toEqual({ label: DEMO_LABEL, synthetic: true });
    const operator = await db.query<{ n: number }>('SELECT count(*) AS n FROM companies_operator');
    expect(operator.rows[0]!.n).toBe(0);

    await loadDemo(db, { companies: 400 });
    const counts = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM companies WHERE dataset = 'demo'",
    );
    expect(counts.rows[0]!.n).toBe(400);
    // The swapped-in partition has its indexes: a name lookup uses one.
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT id FROM companies WHERE dataset = 'demo' AND uscc = '91330000000000000X'",
    );
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index/);
  });

  it('survives two loads at once: one wins whole, and no staging table is left behind', async () => {
    const results = await Promise.all([loadDemo(db, { companies: 300 }), loadDemo(db, { companies: 200 })]);
    expect(results.map((r) => r.companies)).toEqual([300, 200]);
    const size = await demoSize(db);
    const rows = await db.query<{ n: number }>("SELECT count(*) AS n FROM companies WHERE dataset = 'demo'");
    expect(rows.rows[0]!.n).toBe(size);
    const left = await db.query(
      "SELECT tablename FROM pg_tables WHERE tablename LIKE '%demo_load%' AND schemaname = current_schema()",
    );
    expect(left.rows).toEqual([]);
  });
});
