// A real, migrated database for one test file: in-memory PGlite by default; a fresh schema on the
// PostgreSQL server when BIZFN_TEST_DB=postgres (TEST_DATABASE_URL, default the local `test` db).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, migrate, openPglite, openPostgres } from '../../src/storage/index.ts';

export const TEST_DB_KIND = process.env.BIZFN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase extends Database {
  /** Drops the test schema (PostgreSQL) and closes the connection. */
  close(): Promise<void>;
  readonly schema?: string;
}

async function prepareServer(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    // Extensions live in public so that every test schema sees one copy; files racing to create
    // it at once may collide, which is harmless.
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => {});
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let db: Database;
  let schema: string | undefined;
  if (TEST_DB_KIND === 'postgres') {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await prepareServer(schema);
    db = await openPostgres(TEST_DATABASE_URL, { schema, max: 12 });
  } else {
    db = await openPglite(undefined);
  }
  if (options.migrate !== false) await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    schema,
    async close() {
      await close();
      if (schema) await dropSchema(schema);
    },
  });
}
