// The crash test: start the service as a child process, start paid async jobs (and one synchronous
// standalone call), kill -9 it while they run, start it again. Every job must end succeeded or
// failed-and-refunded, each exactly once, and our books must reconcile with the provider's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../src/storage/index.ts';
import { type ChildServer, startChildServer } from '../helpers/child-server.ts';
import { openTestDatabase, TEST_DATABASE_URL, TEST_DB_KIND, type TestDatabase } from '../helpers/db.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';

const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';
const NPI = 'report.new_product_intelligence';
const JOBS = 8;
/** Products the engine knows (from its taxonomy); the first job's is one it rejects. */
const PRODUCTS = ['no-such-product', '蓝牙耳机', '冰箱', '啤酒', '夹克', '沙发', '光伏组件', '集成电路'];

let receiver: Receiver;
let dataDir: string;
let pgSchemaDb: TestDatabase | undefined;
let env: Record<string, string>;
let child: ChildServer | undefined;

beforeAll(async () => {
  receiver = await startReceiver();
  dataDir = await mkdtemp(join(tmpdir(), 'bizfn-crash-'));
  env = {
    ADMIN_TOKEN,
    DATA_DIR: dataDir,
    CALLBACK_ALLOW_HOSTS: 'localhost',
    CALLBACK_RETRY_SCHEDULE: '200ms,200ms,200ms',
    NODE_EXTRA_CA_CERTS: receiver.cert.certPath,
    WORK_MS: '4000',
    // Above WORK_MS: recovery takes only runs whose process is gone, never one still running.
    RECOVER_AFTER_MS: '8000',
    RATE_LIMIT_BUSINESS_PER_MIN: '100000',
    LEASE_MS: '2000',
  };
  if (TEST_DB_KIND === 'postgres') {
    pgSchemaDb = await openTestDatabase();
    env.DATABASE_URL = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${pgSchemaDb.schema},public`)}`;
  }
});
afterAll(async () => {
  await child?.stop();
  await receiver.close();
  await pgSchemaDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The database the child used, opened by this process once the child is gone. */
async function openBooks(): Promise<Database> {
  if (pgSchemaDb) return pgSchemaDb;
  return openPglite(join(dataDir, 'pglite'));
}

describe(`crash test: kill -9 mid-run (${TEST_DB_KIND})`, () => {
  it('finishes or fails-and-refunds every job once, and the books reconcile', {
    timeout: 180_000,
  }, async () => {
    child = await startChildServer(env);
    const admin = (method: string, path: string, body?: unknown) =>
      call(child!.url, method, path, ADMIN_TOKEN, body);
    const account = await admin('POST', '/admin/v1/accounts', { name: 'crash', tier: 'business' });
    const created = await admin('POST', `/admin/v1/accounts/${account.body.account_id}/keys`, {});
    const key: string = created.body.key;

    const jobs: Array<{ id: string; secret: string }> = [];
    for (let i = 0; i < JOBS; i++) {
      const accepted = await call(child.url, 'POST', '/api/v1/business/run', key, {
        service_code: NPI,
        payload: { product: PRODUCTS[i] },
        async: true,
        callback_url: receiver.url,
        idempotency_key: `crash-${i}`,
      });
      expect(accepted.status).toBe(202);
      jobs.push({ id: accepted.body.job_id, secret: accepted.body.callback_secret });
    }
    // A synchronous standalone call in flight when the process dies: charged, never answered.
    const syncCall = call(child.url, 'POST', '/api/v1/business/run', key, {
      service_code: NPI,
      payload: { product: '橡胶制品' },
      idempotency_key: 'crash-sync',
    }).catch((error: unknown) => error);

    const firstUrl = child.url;
    await until(
      async () =>
        Promise.all(jobs.map((job) => call(firstUrl, 'GET', `/api/v1/business/jobs/${job.id}`, key))),
      (statuses) => statuses.some((s) => s.body.status === 'running'),
      20_000,
    );
    await child.crash();
    expect(await syncCall).toBeInstanceOf(Error);

    child = await startChildServer(env);
    const restartedUrl = child.url;
    const finals = await until(
      async () =>
        Promise.all(jobs.map((job) => call(restartedUrl, 'GET', `/api/v1/business/jobs/${job.id}`, key))),
      (statuses) => statuses.every((s) => s.body.status === 'succeeded' || s.body.status === 'failed'),
      60_000,
    );
    for (const final of finals) {
      if (final.body.status === 'failed')
        expect(final.body).toMatchObject({ refunded: true, usd_charged: 0, error: expect.any(Object) });
      else expect(final.body).toMatchObject({ result: expect.any(Object), usd_charged: 899 });
    }
    expect(finals[0]!.body.status).toBe('failed'); // the engine rejects it whatever happens

    // Every job's webhook arrives, signed; a job that ended once has one body however often it is sent.
    await until(
      async () => receiver.requests,
      (requests) => jobs.every((job) => requests.some((r) => r.headers['x-service-job-id'] === job.id)),
      30_000,
    );
    for (const job of jobs) {
      const bodies = new Set(
        receiver.requests
          .filter((r) => r.headers['x-service-job-id'] === job.id)
          .map((r) =>
            JSON.stringify(new Webhook(job.secret).verify(r.body, r.headers as Record<string, string>)),
          ),
      );
      expect(bodies.size).toBe(1);
    }

    // The interrupted synchronous call is refunded and its key freed, so a retry runs it.
    await until(
      async () =>
        call(restartedUrl, 'POST', '/api/v1/business/run', key, {
          service_code: NPI,
          payload: { product: '橡胶制品' },
          idempotency_key: 'crash-sync',
        }),
      // Run again (not replayed): the engine's answer, delivered or rejected-and-refunded.
      (response) => (response.status === 200 && response.body.ok === true) || response.status === 400,
      30_000,
    );

    // Let refunds and the reconciler settle, then stop the service and read its books.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await child.stop();
    child = undefined;
    const db = await openBooks();
    try {
      const stuck = await db.query("SELECT id FROM jobs WHERE status IN ('queued', 'running')");
      expect(stuck.rows).toEqual([]);
      const pendingRuns = await db.query("SELECT id FROM runs WHERE state = 'pending'");
      expect(pendingRuns.rows).toEqual([]);
      const pendingMoney = await db.query(
        "SELECT id FROM payments WHERE status = 'pending' UNION ALL SELECT id FROM refunds WHERE status = 'pending'",
      );
      expect(pendingMoney.rows).toEqual([]);
      const { rows } = await db.query<{ id: string; delivered: boolean; refunded: boolean }>(
        `SELECT p.id,
                EXISTS (SELECT 1 FROM runs r WHERE r.id = p.run_id AND r.state = 'succeeded')
             OR EXISTS (SELECT 1 FROM jobs j WHERE j.payment_id = p.id AND j.status = 'succeeded') AS delivered,
                EXISTS (SELECT 1 FROM refunds f WHERE f.payment_id = p.id AND f.status = 'succeeded') AS refunded
           FROM payments p WHERE p.status = 'succeeded'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(JOBS + 1);
      for (const row of rows) {
        const why = await db.query(
          `SELECT p.method, p.status, r.state, r.is_async, j.status AS job_status, j.attempts, f.status AS refund
             FROM payments p JOIN runs r ON r.id = p.run_id LEFT JOIN jobs j ON j.payment_id = p.id
             LEFT JOIN refunds f ON f.payment_id = p.id WHERE p.id = $1`,
          [row.id],
        );
        expect(
          row.delivered !== row.refunded,
          `payment ${row.id}: ${JSON.stringify({ ...row, ...why.rows[0] })}`,
        ).toBe(true);
      }
      const provider = await db.query<{ charged: number; refunded: number }>(
        `SELECT COALESCE(sum(amount_cents), 0)::bigint AS charged, COALESCE(sum(refunded_cents), 0)::bigint AS refunded
           FROM local_payment_intents WHERE status = 'succeeded'`,
      );
      const ours = await db.query<{ charged: number; refunded: number }>(
        `SELECT COALESCE(sum(p.amount_cents), 0)::bigint AS charged,
                COALESCE(sum(f.amount_cents) FILTER (WHERE f.status = 'succeeded'), 0)::bigint AS refunded
           FROM payments p LEFT JOIN refunds f ON f.payment_id = p.id WHERE p.status = 'succeeded'`,
      );
      expect(ours.rows[0]).toEqual(provider.rows[0]);
      const retried = await db.query<{ attempts: number }>('SELECT max(attempts) AS attempts FROM jobs');
      expect(retried.rows[0]!.attempts).toBeGreaterThanOrEqual(2); // some job really was taken over
    } finally {
      if (db !== pgSchemaDb) await db.close();
    }
  });
});
