// `tsx bench/webhooks.ts` (called from `npm run bench`): webhook delivery figures on PGlite and,
// when reachable, PostgreSQL. (1) Time from a job's end to its first callback attempt, through
// the real worker loop. (2) Callbacks per second for 1,000 queued deliveries to a local https
// receiver. Jobs are finished by a no-op executor: this measures delivery, not engines.
import { mkdir, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { createLocalProvider } from '../src/billing/payments/index.ts';
import { enqueueJob, startWorker } from '../src/jobs/index.ts';
import { newId } from '../src/lib/ids.ts';
import { type Database, migrate, openPglite, openPostgres } from '../src/storage/index.ts';
import { enqueueDelivery, newCallbackSecret } from '../src/webhooks/index.ts';
import { startReceiver } from '../test/helpers/receiver.ts';

const LATENCY_JOBS = Number(process.env.BENCH_WEBHOOK_JOBS ?? 50);
const QUEUED = Number(process.env.BENCH_WEBHOOK_QUEUED ?? 1_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/bizfn_bench';
const config = {
  CALLBACK_RETRY_SCHEDULE: [10_000, 60_000],
  CALLBACK_TIMEOUT: 15_000,
  CALLBACK_ALLOW_HOSTS: ['localhost'],
};

interface Result {
  store: string;
  end_to_first_attempt_ms: { p50: number; p95: number; max: number };
  end_to_receiver_ms: { p50: number; p95: number; max: number };
  queued: number;
  callbacks_per_s: number;
  drain_s: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: Math.round(pct(sorted, 50)),
    p95: Math.round(pct(sorted, 95)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
};
const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('bench timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function fixtures(db: Database): Promise<void> {
  await db.query(
    "INSERT INTO accounts (id, name, tier) VALUES ('acct_bench', 'bench', 'business') ON CONFLICT DO NOTHING",
  );
  await db.query(
    `INSERT INTO api_keys (id, account_id, key_hash, key_prefix, sandbox)
     VALUES ('key_bench', 'acct_bench', 'bench-hash', 'sk-live-', false) ON CONFLICT DO NOTHING`,
  );
}

async function benchStore(store: string, db: Database): Promise<Result> {
  await fixtures(db);
  const receiver = await startReceiver();
  const worker = startWorker({
    db,
    config,
    provider: createLocalProvider({ db, checkoutBaseUrl: () => 'http://127.0.0.1/checkout' }),
    execute: async () => ({ kind: 'ok', result: { ok: true } }),
    // Production defaults (poll 500 ms), so the figure shows the wake-up path, not a tuned poll.
    options: { webhookCa: receiver.cert.cert },
  });
  try {
    // (1) One job at a time through the worker: end of job -> first attempt.
    const jobIds: string[] = [];
    for (let i = 0; i < LATENCY_JOBS; i++) {
      const id = newId('job');
      jobIds.push(id);
      await db.transaction((tx) =>
        enqueueJob(tx, {
          id,
          runId: newId('run'),
          keyId: 'key_bench',
          accountId: 'acct_bench',
          serviceCode: 'report.new_product_intelligence',
          payload: {},
          lang: 'en',
          sandbox: false,
          idempotencyKey: id,
          usdCentsCharged: 0,
          paymentId: null,
          paymentIntentId: null,
          callbackUrl: receiver.url,
          callbackSecret: newCallbackSecret(),
        }),
      );
      worker.wake();
      await until(async () => receiver.requests.length > i, 10_000);
    }
    const { rows } = await db.query<{ job_id: string; latency_ms: number; finished: Date }>(
      `SELECT d.job_id, EXTRACT(EPOCH FROM (d.first_attempt_at - d.created_at)) * 1000 AS latency_ms, j.finished_at AS finished
         FROM webhook_deliveries d JOIN jobs j ON j.id = d.job_id WHERE d.job_id = ANY($1)`,
      [jobIds],
    );
    const arrival = new Map(receiver.requests.map((r) => [String(r.headers['x-service-job-id']), r.at]));
    const endToReceiver = rows.map(
      (row) => (arrival.get(row.job_id) ?? 0) - new Date(row.finished).getTime(),
    );

    // (2) 1,000 deliveries queued at once (jobs that ended while the receiver was down, say).
    receiver.requests.length = 0;
    const queuedJobs: string[] = [];
    await db.transaction(async (tx) => {
      for (let i = 0; i < QUEUED; i++) {
        const id = newId('job');
        queuedJobs.push(id);
        await tx.query(
          `INSERT INTO jobs (id, run_id, key_id, account_id, service_code, payload, lang, idempotency_key, status, result, finished_at)
           VALUES ($1, $2, 'key_bench', 'acct_bench', 'report.new_product_intelligence', '{}', 'en', $1, 'succeeded', '{}', now())`,
          [id, newId('run')],
        );
        await enqueueDelivery(tx, {
          jobId: id,
          url: receiver.url,
          secret: newCallbackSecret(),
          body: JSON.stringify({ event: 'job.succeeded', job_id: id, ok: true, result: { n: i } }),
          schedule: config.CALLBACK_RETRY_SCHEDULE,
        });
      }
    });
    const started = performance.now();
    worker.wake();
    await until(async () => {
      const done = await db.query<{ n: number }>(
        "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered' AND job_id = ANY($1)",
        [queuedJobs],
      );
      return done.rows[0]!.n >= QUEUED;
    }, 300_000);
    const drainS = (performance.now() - started) / 1000;
    return {
      store,
      end_to_first_attempt_ms: summary(rows.map((row) => Number(row.latency_ms))),
      end_to_receiver_ms: summary(endToReceiver),
      queued: QUEUED,
      callbacks_per_s: Math.round(QUEUED / drainS),
      drain_s: Math.round(drainS * 100) / 100,
    };
  } finally {
    await worker.stop(2_000);
    await receiver.close();
  }
}

/** Creates the bench database on first use (the server's `postgres` database is always there). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

async function postgres(): Promise<Database | undefined> {
  const schema = `wh_${Date.now()}`;
  try {
    await ensureDatabase(PG_URL);
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => {});
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  } catch (error) {
    process.stdout.write(
      `PostgreSQL at ${PG_URL} not reachable (${(error as Error).message}); skipping it\n`,
    );
    return undefined;
  }
  const db = await openPostgres(PG_URL, { schema, max: 12 });
  await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await close();
    },
  });
}

const results: Result[] = [];
const pglite = await openPglite(undefined);
await migrate(pglite);
results.push(await benchStore('pglite', pglite));
await pglite.close();
const server = await postgres();
if (server) {
  results.push(await benchStore('postgres', server));
  await server.close();
}

process.stdout.write('\nwebhook delivery\n');
for (const r of results) {
  process.stdout.write(
    `  ${r.store.padEnd(8)} job end -> first attempt p50 ${r.end_to_first_attempt_ms.p50} ms, p95 ${r.end_to_first_attempt_ms.p95} ms` +
      ` (-> receiver p50 ${r.end_to_receiver_ms.p50} ms); ${r.queued} queued: ${r.callbacks_per_s} callbacks/s (${r.drain_s} s)\n`,
  );
}
await mkdir('bench/results', { recursive: true });
await writeFile(
  'bench/results/webhooks.json',
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);
