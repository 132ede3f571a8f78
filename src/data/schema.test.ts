// The business-data schema: every table is split by dataset, natural keys are unique, and a
// query for one dataset never sees the other's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const TABLES = ['companies', 'trademarks', 'risk_records', 'overseas_buyers', 'trade_records', 'contacts'];

describe(`business-data schema (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('partitions every table into demo and operator', async () => {
    for (const table of TABLES) {
      const parts = await db.query<{ relname: string }>(
        `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
        [table],
      );
      expect(parts.rows.map((row) => row.relname)).toEqual([`${table}_demo`, `${table}_operator`]);
    }
  });

  it('keeps the datasets apart and the USCC unique within one', async () => {
    const insert = `INSERT INTO companies (dataset, uscc, name, brand, brand_latin, province_code, industry_code)
                    VALUES ($1, '91330000MA2XXXXXX1', $2, '鑫达', 'xinda', '330000', '33')`;
    await db.query(insert, ['demo', '宁波鑫达五金制品有限公司']);
    await db.query(insert, ['operator', '宁波鑫达五金制品有限公司']);
    await expect(db.query(insert, ['demo', '另一家公司'])).rejects.toThrow();
    const demo = await db.query<{ n: number }>("SELECT count(*) AS n FROM companies WHERE dataset = 'demo'");
    expect(demo.rows[0]!.n).toBe(1);
    const raw = await db.query<{ n: number }>('SELECT count(*) AS n FROM companies_operator');
    expect(raw.rows[0]!.n).toBe(1);
    await expect(db.query(insert.replace("'330000'", "'331000'"), ['demo', 'x'])).rejects.toThrow();
  });

  it('finds Chinese names by trigram similarity', async () => {
    const found = await db.query<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = 'demo' AND name % $1 ORDER BY similarity(name, $1) DESC`,
      ['鑫达五金制品有限公司'],
    );
    expect(found.rows[0]?.name).toBe('宁波鑫达五金制品有限公司');
  });
});
