// Loads the demo dataset for engine tests through the data store's own loader.
import { loadDemo } from '../../data/demo/load.ts';
import type { Database } from '../../storage/index.ts';

export async function loadDemoForTests(db: Database, companies: number): Promise<void> {
  await loadDemo(db, { companies });
}
