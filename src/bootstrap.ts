// First start on an empty store: load the demo dataset (DEMO_DATA=on) and create a demo account
// with a funded live business key and a sandbox key, printed once. Later starts change nothing.
import { createAccount, createKey } from './accounts/index.ts';
import { topUp } from './billing/index.ts';
import type { Config } from './config/index.ts';
import { demoSize, loadDemo } from './data/demo/load.ts';
import { refreshStats } from './engines/index.ts';
import type { Clock } from './lib/time.ts';
import type { Database } from './storage/index.ts';

export interface DemoAccount {
  account_id: string;
  live_key: string;
  sandbox_key: string;
}

/** spTok added on top of the business grant so the demo key can also try the dearer functions. */
const DEMO_TOP_UP = 100_000;

export async function createDemoAccountIfEmpty(
  db: Database,
  config: Config,
  clock: Clock,
): Promise<DemoAccount | undefined> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM accounts');
  if ((rows[0]?.n ?? 0) > 0) return undefined;
  const account = await createAccount(db, { name: 'Demo account', tier: 'business' });
  const live = await createKey(db, account.id, { sandbox: false });
  const sandbox = await createKey(db, account.id, { sandbox: true });
  await topUp(
    db,
    account,
    { amount: DEMO_TOP_UP, reason: 'demo account starting balance' },
    config,
    clock.now(),
  );
  return { account_id: account.id, live_key: live.key, sandbox_key: sandbox.key };
}

/** Loads the demo dataset when DEMO_DATA=on and none is loaded yet; returns what was loaded. */
export async function loadDemoIfMissing(
  db: Database,
  config: Config,
  progress: (line: string) => void,
): Promise<{ companies: number; ms: number } | undefined> {
  if (config.DEMO_DATA !== 'on' || (await demoSize(db)) !== null) return undefined;
  progress(`loading the demo dataset (${config.DEMO_COMPANIES} synthetic companies) ...`);
  let lastShown = 0;
  const result = await loadDemo(db, {
    companies: config.DEMO_COMPANIES,
    onProgress(done, total) {
      if (done === total || done - lastShown >= total / 5) {
        lastShown = done;
        progress(`  ${done}/${total} companies`);
      }
    },
  });
  await refreshStats(db, 'demo');
  return { companies: result.companies, ms: result.ms };
}
