// PGlite driver: PostgreSQL compiled to WASM, in process, one connection. PGlite serialises every
// statement on that connection, and a transaction holds it until it ends, so statements issued
// outside an open transaction simply wait; there is no pool and no row-lock contention to model.
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, QueryResult, Row, Transaction } from './types.ts';

const parsers = {
  // int8 and count(*) come back as strings from PostgreSQL; our integers fit in a double.
  [types.INT8]: (value: string) => Number(value),
};

function adapt<R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows as R[], rowCount: result.affectedRows ?? result.rows.length };
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, parsers });
  return {
    kind: 'pglite',
    async query<R = Row>(text: string, values: readonly unknown[] = []) {
      return adapt<R>(await db.query(text, values as unknown[]));
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R = Row>(text: string, values: readonly unknown[] = []) {
            return adapt<R>(await tx.query(text, values as unknown[]));
          },
          async exec(script: string) {
            await tx.exec(script);
          },
        }),
      );
    },
    async exec(script: string) {
      await db.exec(script);
    },
    async close() {
      await db.close();
    },
  };
}
