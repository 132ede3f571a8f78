// Storage: opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in
// DATA_DIR) and brings its schema up to date.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/index.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

export { migrate } from './migrate.ts';
export { openPglite } from './pglite.ts';
export { openPostgres } from './postgres.ts';
export type { Database, Queryable, QueryResult, Row, Sql, Transaction } from './types.ts';

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const dir = join(config.DATA_DIR, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

export async function openMigratedDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<Database> {
  const db = await openDatabase(config);
  await migrate(db);
  return db;
}
