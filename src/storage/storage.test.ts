import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { migrate } from './migrate.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe(`storage (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('applies every migration once and records it', async () => {
    const first = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(first.rows.map((row) => row.version)).toContain('0001_core');
    expect(await migrate(db)).toEqual([]);
  });

  it('commits a transaction and rolls one back on error', async () => {
    await db.exec('CREATE TABLE t_tx (n int)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t_tx VALUES ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t_tx VALUES ($1)', [2]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query<{ n: number }>('SELECT n FROM t_tx');
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it('returns bigint columns as numbers and reports affected rows', async () => {
    const result = await db.query<{ big: number }>('SELECT 9007199254740991::bigint AS big');
    expect(result.rows[0]!.big).toBe(Number.MAX_SAFE_INTEGER);
    await db.exec('CREATE TABLE t_rows (n int)');
    const inserted = await db.query('INSERT INTO t_rows SELECT generate_series(1, 3)');
    expect(inserted.rowCount).toBe(3);
  });

  it('has pg_trgm for similarity search over Chinese text', async () => {
    const result = await db.query<{ s: number }>(
      "SELECT similarity('浙江五金制造有限公司', '浙江五金有限公司') AS s",
    );
    expect(result.rows[0]!.s).toBeGreaterThan(0.3);
  });

  it('refuses to update or delete ledger entries', async () => {
    await db.query("INSERT INTO accounts (id, name, tier) VALUES ('acct_s', 'S', 'max')");
    await db.query(
      `INSERT INTO ledger_entries (id, account_id, kind, amount, period, balance_after, grant_after)
       VALUES ('led_s', 'acct_s', 'topup', 10, '2026-11', 10, 0)`,
    );
    await expect(db.query('UPDATE ledger_entries SET amount = 20')).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
  });
});
