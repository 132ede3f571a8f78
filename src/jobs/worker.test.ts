import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { type Receiver, startReceiver } from '../../test/helpers/receiver.ts';
import { withPaymentsDown } from '../billing/payments/faults.ts';
import {
  chargeForRun,
  createLocalProvider,
  listRefunds,
  type PaymentProvider,
} from '../billing/payments/index.ts';
import { newId } from '../lib/ids.ts';
import { newCallbackSecret } from '../webhooks/index.ts';
import { completeJob, jobStatusObject } from './complete.ts';
import { claimJobs, enqueueJob, getJob, type JobRecord } from './queue.ts';
import { type JobExecutor, startWorker, type Worker } from './worker.ts';

let db: TestDatabase;
let receiver: Receiver;
let provider: PaymentProvider;
const workers: Worker[] = [];
const config = {
  CALLBACK_RETRY_SCHEDULE: [50, 50],
  CALLBACK_TIMEOUT: 2_000,
  CALLBACK_ALLOW_HOSTS: ['localhost'],
};

beforeAll(async () => {
  db = await openTestDatabase();
  receiver = await startReceiver();
  provider = createLocalProvider({ db, checkoutBaseUrl: () => 'http://127.0.0.1/checkout' });
  await db.query("INSERT INTO accounts (id, name, tier) VALUES ('acct_jobs', 'Jobs', 'business')");
  await db.query(
    "INSERT INTO api_keys (id, account_id, key_hash, key_prefix, sandbox) VALUES ('key_jobs', 'acct_jobs', 'hj', 'sk-live-', false)",
  );
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(2_000)));
  receiver.requests.length = 0;
});
afterAll(async () => {
  await receiver.close();
  await db.close();
});

/** A paid job, queued in the transaction that records nothing else (the charge is booked first). */
async function paidJob(options: { callback?: boolean; maxAttempts?: number } = {}) {
  const runId = newId('run');
  const charge = await chargeForRun(db, provider, {
    runId,
    accountId: 'acct_jobs',
    amountCents: 89_900,
    description: 'test',
    metadata: {},
  });
  if (!charge.ok) throw new Error('charge failed');
  const jobId = newId('job');
  const secret = options.callback === false ? null : newCallbackSecret();
  await db.transaction((tx) =>
    enqueueJob(tx, {
      id: jobId,
      runId,
      keyId: 'key_jobs',
      accountId: 'acct_jobs',
      serviceCode: 'report.new_product_intelligence',
      payload: { product: 'drone', mode: 'design' },
      lang: 'en',
      sandbox: false,
      idempotencyKey: `idem-${jobId}`,
      usdCentsCharged: 89_900,
      paymentId: charge.payment.id,
      paymentIntentId: charge.payment.payment_intent_id,
      callbackUrl: secret ? receiver.url : null,
      callbackSecret: secret,
      maxAttempts: options.maxAttempts,
    }),
  );
  return { jobId, secret, paymentIntentId: charge.payment.payment_intent_id! };
}

function worker(execute: JobExecutor, extra: { provider?: PaymentProvider; leaseMs?: number } = {}) {
  const started = startWorker({
    db,
    config,
    provider: extra.provider ?? provider,
    execute,
    options: {
      pollMs: 50,
      leaseMs: extra.leaseMs ?? 2_000,
      refundSchedule: [50],
      webhookCa: receiver.cert.cert,
    },
  });
  workers.push(started);
  return started;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const finished = (id: string) =>
  until(
    () => getJob(db, id),
    (job) => job?.status === 'succeeded' || job?.status === 'failed',
  ) as Promise<JobRecord>;

async function refundedCents(paymentIntentId: string): Promise<number> {
  const { rows } = await db.query<{ refunded_cents: number }>(
    'SELECT refunded_cents FROM local_payment_intents WHERE id = $1',
    [paymentIntentId],
  );
  return rows[0]!.refunded_cents;
}

const succeed: JobExecutor = async (job) => ({
  kind: 'ok',
  result: { product: job.payload.product, summary: 'ok' },
});

describe(`jobs worker (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('runs a queued job, stores its result and sends the signed job.succeeded webhook', async () => {
    const { jobId, secret, paymentIntentId } = await paidJob();
    const queued = await jobStatusObject(db, (await getJob(db, jobId))!);
    expect(queued).toMatchObject({ status: 'queued', callback_status: 'none', callback_attempts: 0 });
    worker(succeed);
    const job = await finished(jobId);
    expect(job.status).toBe('succeeded');
    const [request] = await receiver.waitFor(1);
    const event = new Webhook(secret!).verify(request!.body, request!.headers as Record<string, string>);
    expect(event).toMatchObject({
      event: 'job.succeeded',
      job_id: jobId,
      service_code: 'report.new_product_intelligence',
      idempotency_key: `idem-${jobId}`,
      ok: true,
      result: { product: 'drone', summary: 'ok' },
      usd_charged: 899,
      payment_intent_id: paymentIntentId,
    });
    const status = await until(
      async () => jobStatusObject(db, (await getJob(db, jobId))!),
      (s) => s.callback_status === 'delivered',
    );
    expect(status).toMatchObject({
      job_id: jobId,
      status: 'succeeded',
      result: { summary: 'ok' },
      usd_charged: 899,
      payment_intent_id: paymentIntentId,
      callback_status: 'delivered',
      callback_attempts: 1,
    });
    for (const field of ['created_at', 'started_at', 'finished_at'] as const) {
      expect(status[field]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it.each([
    ['engine failure', { kind: 'failed', msg: 'boom' } as const, 'engine_error'],
    [
      'engine rejection',
      { kind: 'rejected', msg: 'unknown product', field: 'payload.product' } as const,
      'engine_rejected_input',
    ],
  ])('fails on %s, refunds the charge and sends job.failed', async (_label, outcome, code) => {
    const { jobId, secret, paymentIntentId } = await paidJob();
    worker(async () => outcome);
    const job = await finished(jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ error: code, msg: outcome.msg });
    await until(
      () => refundedCents(paymentIntentId),
      (cents) => cents === 89_900,
    );
    const [request] = await receiver.waitFor(1);
    expect(
      new Webhook(secret!).verify(request!.body, request!.headers as Record<string, string>),
    ).toMatchObject({
      event: 'job.failed',
      ok: false,
      error: { error: code },
      usd_charged: 0,
      refunded: true,
    });
    expect(await jobStatusObject(db, job)).toMatchObject({
      status: 'failed',
      usd_charged: 0,
      refunded: true,
    });
  });

  it('takes over a job whose worker died, and discards the dead attempt if it ever reports', async () => {
    const { jobId } = await paidJob({ callback: false });
    const [dead] = await claimJobs(db, 'dead-worker', 300, 1); // claimed, then kill -9
    expect(dead!.id).toBe(jobId);
    worker(succeed, { leaseMs: 300 });
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(
      await completeJob(db, dead!, { status: 'failed', error: { error: 'engine_error', msg: 'late' } }, []),
    ).toBeUndefined();
    expect((await getJob(db, jobId))!.status).toBe('succeeded');
  });

  it('fails and refunds a job whose every attempt died', async () => {
    const { jobId, paymentIntentId } = await paidJob({ maxAttempts: 1 });
    await claimJobs(db, 'dead-worker', 100, 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    worker(succeed);
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: 'failed', error: { error: 'engine_error' } });
    await until(
      () => refundedCents(paymentIntentId),
      (cents) => cents === 89_900,
    );
    expect((await receiver.waitFor(1))[0]!.body).toContain('job.failed');
  });

  it('runs each job to completion once with several workers', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => paidJob({ callback: false })));
    const runs = new Map<string, number>();
    const counting: JobExecutor = async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return succeed(job);
    };
    worker(counting);
    worker(counting);
    worker(counting);
    for (const { jobId } of ids) expect((await finished(jobId)).status).toBe('succeeded');
    for (const { jobId } of ids) expect(runs.get(jobId)).toBe(1);
  });

  it('keeps a refund owed while the payment backend is down, and pays it later', async () => {
    const { jobId, paymentIntentId } = await paidJob({ callback: false });
    const down = worker(async () => ({ kind: 'failed', msg: 'boom' }), {
      provider: withPaymentsDown(provider),
    });
    await finished(jobId);
    const owed = await until(
      () => listRefunds(db, 'pending'),
      (refunds) => refunds.some((refund) => refund.run_id && refund.attempts >= 1),
    );
    expect(owed.length).toBeGreaterThan(0);
    expect(await refundedCents(paymentIntentId)).toBe(0);
    await down.stop();
    workers.splice(workers.indexOf(down), 1);
    worker(succeed);
    await until(
      () => refundedCents(paymentIntentId),
      (cents) => cents === 89_900,
    );
    expect((await listRefunds(db, 'pending')).length).toBe(0);
  });
});
