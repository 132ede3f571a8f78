// Loads the demo dataset for engine tests through the data store's generator and bulk writer.

import { writeRows } from '../../data/bulk.ts';
import { GENERATOR_VERSION, generateDemo } from '../../data/demo/generate.ts';
import type { TableName } from '../../data/demo/rows.ts';
import type { Database } from '../../storage/index.ts';

const TABLES: readonly TableName[] = [
  'companies',
  'overseas_buyers',
  'trademarks',
  'risk_records',
  'trade_records',
  'contacts',
];

export async function loadDemoForTests(db: Database, companies: number): Promise<void> {
  for (const batch of generateDemo({ companies, batchSize: 5_000 })) {
    for (const table of TABLES) await writeRows(db, table, 'demo', batch.rows[table] as never);
  }
  await db.query(
    `INSERT INTO datasets (name, label, synthetic, generator_version, companies) VALUES ('demo', 'demo (tests)', true, $1, $2)`,
    [GENERATOR_VERSION, companies],
  );
}
