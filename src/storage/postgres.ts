// PostgreSQL driver over a pg pool, for running several API and worker processes on one database.
import pg from 'pg';
import type { Database, QueryResult, Row, Transaction } from './types.ts';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface PostgresOptions {
  /** Schema placed first on the search_path of every connection (tests isolate themselves this way). */
  schema?: string;
  max?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const run = async <R>(client: pg.Pool | pg.PoolClient, text: string, values: readonly unknown[]) => {
    const result = await client.query(text, values as unknown[]);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 } satisfies QueryResult<R>;
  };
  return {
    kind: 'postgres',
    query<R = Row>(text: string, values: readonly unknown[] = []) {
      return run<R>(pool, text, values);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: <R = Row>(text: string, values: readonly unknown[] = []) => run<R>(client, text, values),
          exec: async (script: string) => {
            await client.query(script);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async close() {
      await pool.end();
    },
  };
}
