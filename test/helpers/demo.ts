// A small deterministic demo dataset, loaded once per test file, for tests that need engines to
// answer from real rows.
import { loadDemo } from '../../src/data/demo/load.ts';
import { refreshStats } from '../../src/engines/index.ts';
import type { Database } from '../../src/storage/index.ts';

export const SMALL_DEMO_COMPANIES = 2_000;

export async function loadSmallDemo(db: Database, companies = SMALL_DEMO_COMPANIES): Promise<void> {
  await loadDemo(db, { companies, seed: 7 });
  await refreshStats(db, 'demo');
}
