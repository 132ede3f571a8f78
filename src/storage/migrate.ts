// Forward-only migrations: numbered .sql files in ./migrations, applied in order at start and
// recorded in schema_migrations. Each file runs in its own transaction with its version row.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Serialises concurrent starts of several processes against one PostgreSQL database.
const MIGRATION_LOCK = 4_242_001;

export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const applied: string[] = [];
  if (db.kind === 'postgres') await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (row) => row.version,
      ),
    );
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      const script = await readFile(MIGRATIONS_DIR + file, 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      });
      applied.push(version);
    }
  } finally {
    if (db.kind === 'postgres') await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}
