// Standalone billing through the real server: off-session charges, checkout and deliver, async
// jobs with signed webhooks to a real https receiver, refunds, and every status of the contract.
import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/index.ts';
import { createStandalone, isStandalone } from '../../src/runs/standalone.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// WORKERS=off: the test starts the worker itself, trusting the receiver's self-signed certificate.
const env = {
  WORKERS: 'off',
  CALLBACK_ALLOW_HOSTS: 'localhost',
  CALLBACK_RETRY_SCHEDULE: '100ms,100ms',
  CALLBACK_TIMEOUT: '2s',
};
const NPI = 'report.new_product_intelligence';
const TLE = 'report.target_list_export';

let server: TestServer;
let faulty: TestServer;
let receiver: Receiver;
const workers: Worker[] = [];

function startWorkerFor(s: TestServer): void {
  const { deps } = s.service;
  if (!isStandalone(deps.standalone)) throw new Error('standalone runner missing');
  workers.push(
    deps.standalone.startWorker(deps, { pollMs: 50, webhookCa: receiver.cert.cert, refundSchedule: [50] }),
  );
}

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ env, standalone: createStandalone() });
  // A second server on the same database with both faults on, for the failure paths.
  faulty = await startTestServer({
    env: { ...env, BIZFN_FAULTS: `payments:down,engine:${NPI}` },
    db: server.db,
    standalone: createStandalone(),
  });
  startWorkerFor(server);
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop(2_000)));
  await faulty.close();
  await server.close();
  await receiver.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function payer(behavior: 'succeed' | 'decline' | 'none' = 'succeed') {
  const account = await server.account('business');
  const set = await server.admin('PUT', `/admin/v1/accounts/${account.accountId}/payment-method`, {
    behavior,
  });
  if (set.status >= 300)
    await server.db.query('UPDATE accounts SET payment_behavior = $2 WHERE id = $1', [
      account.accountId,
      behavior,
    ]);
  return account;
}

const run = (s: TestServer, key: string, body: Record<string, unknown>) =>
  s.call('POST', '/api/v1/business/run', { key, body });

async function localIntents(accountId: string) {
  const { rows } = await server.db.query<{
    id: string;
    amount_cents: number;
    refunded_cents: number;
    status: string;
  }>(
    'SELECT id, amount_cents, refunded_cents, status FROM local_payment_intents WHERE account_id = $1 ORDER BY created_at',
    [accountId],
  );
  return rows;
}

describe('standalone /run, synchronous', () => {
  it('charges the saved card, answers the non-pooled response and replays it without charging', async () => {
    const { key, accountId } = await payer('succeed');
    const body = {
      service_code: NPI,
      payload: { product: 'folding drone' },
      idempotency_key: 'npi-sync-1',
      lang: 'en',
    };
    const first = await run(server, key, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ok: true,
      service_code: NPI,
      result: expect.any(Object),
      usd_charged: 899,
      payment_intent_id: expect.stringMatching(/^pi_/),
      idempotency_key: 'npi-sync-1',
      replayed: false,
    });
    const again = await run(server, key, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(await localIntents(accountId)).toEqual([
      { id: first.body.payment_intent_id, amount_cents: 89_900, refunded_cents: 0, status: 'succeeded' },
    ]);
  });

  it('answers 200 ok:false offsession_charge_failed with a checkout when the card is declined, and nothing runs', async () => {
    const { key, accountId } = await payer('decline');
    const response = await run(server, key, {
      service_code: TLE,
      payload: { industry: '五金' },
      idempotency_key: 'tle-dec',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ok: false,
      error: 'offsession_charge_failed',
      reason: 'card_declined',
      msg: expect.any(String),
      checkout_url: expect.stringMatching(new RegExp(`^${server.url}/checkout/cs_`)),
      checkout_session_id: expect.stringMatching(/^cs_/),
      deliver_url: `${server.url}/api/v1/business/checkout/${response.body.checkout_session_id}/deliver`,
    });
    expect((await localIntents(accountId)).every((intent) => intent.status === 'failed')).toBe(true);
    const replay = await run(server, key, {
      service_code: TLE,
      payload: { industry: '五金' },
      idempotency_key: 'tle-dec',
    });
    expect(replay.body).toEqual({ ...response.body, replayed: true });
  });

  it('offers a checkout when there is no saved card', async () => {
    const { key } = await payer('none');
    const response = await run(server, key, { service_code: NPI, payload: { product: 'kettle' } });
    expect(response.body).toMatchObject({
      ok: false,
      error: 'offsession_charge_failed',
      reason: 'no_payment_method',
    });
  });

  it('answers 502 charge_backend_error with nothing charged, and frees the key for a retry', async () => {
    const { key, accountId } = await payer('succeed');
    const body = { service_code: NPI, payload: { product: 'lamp' }, idempotency_key: 'npi-502' };
    const down = await run(faulty, key, body);
    expect(down.status).toBe(502);
    expect(down.body.detail).toMatchObject({
      error: 'charge_backend_error',
      msg: expect.stringMatching(/nothing was charged/),
    });
    expect(await localIntents(accountId)).toEqual([]);
    const retry = await run(server, key, body);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ ok: true, replayed: false });
  });

  it('refunds the card when the engine fails (500 engine_error) and frees the key', async () => {
    const { key, accountId } = await payer('succeed');
    const failed = await run(faulty, key, { service_code: TLE, payload: { industry: 'x' } });
    // The faulty server cannot charge either; run the engine failure through a server that can.
    expect(failed.status).toBe(502);
    const serverWithEngineFault = await startTestServer({
      env: { ...env, BIZFN_FAULTS: `engine:${NPI}` },
      db: server.db,
      standalone: createStandalone(),
    });
    try {
      const response = await run(serverWithEngineFault, key, {
        service_code: NPI,
        payload: { product: 'x' },
        idempotency_key: 'e1',
      });
      expect(response.status).toBe(500);
      expect(response.body.detail).toMatchObject({ error: 'engine_error', refunded: true });
      const [intent] = await localIntents(accountId);
      expect(intent).toMatchObject({ status: 'succeeded', refunded_cents: 89_900 });
      const { rows } = await server.db.query<{ status: string }>(
        'SELECT r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.payment_intent_id = $1',
        [intent!.id],
      );
      expect(rows).toEqual([{ status: 'succeeded' }]);
    } finally {
      await serverWithEngineFault.close();
    }
  });

  it('refunds the card on engine_rejected_input and replays the rejection', async () => {
    const { key, accountId } = await payer('succeed');
    const body = {
      service_code: TLE,
      payload: { industry: 'no-such-industry-xyz' },
      idempotency_key: 'rej-1',
    };
    const response = await run(server, key, body);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatchObject({ error: 'engine_rejected_input', refunded: true });
    expect(await localIntents(accountId)).toEqual([expect.objectContaining({ refunded_cents: 120_000 })]);
    const again = await run(server, key, body);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatchObject({ error: 'engine_rejected_input', replayed: true });
    expect(await localIntents(accountId)).toHaveLength(1);
  });
});

describe('checkout and deliver', () => {
  it('covers every status of deliver, then delivers once after payment', async () => {
    const { key, accountId } = await payer('decline');
    const other = await payer('succeed');
    const declined = await run(server, key, {
      service_code: NPI,
      payload: { product: 'e-bike' },
      idempotency_key: 'co-1',
    });
    const {
      checkout_session_id: sessionId,
      checkout_url: checkoutUrl,
      deliver_url: deliverUrl,
    } = declined.body;
    const deliverPath = new URL(deliverUrl).pathname;

    const pending = await server.call('POST', deliverPath, { key });
    expect(pending.status).toBe(402);
    expect(pending.body.detail).toMatchObject({ error: 'checkout_pending', checkout_url: checkoutUrl });
    expect((await server.call('POST', deliverPath, { key: other.key })).body.detail.error).toBe(
      'not_your_checkout',
    );
    expect((await server.call('POST', deliverPath, { key: other.key })).status).toBe(403);
    const unknown = await server.call('POST', '/api/v1/business/checkout/cs_nope/deliver', { key });
    expect([unknown.status, unknown.body.detail.error]).toEqual([404, 'unknown_checkout_session']);
    const invalid = await server.call('POST', '/api/v1/business/checkout/not-a-session/deliver', { key });
    expect([invalid.status, invalid.body.detail.error]).toEqual([400, 'checkout_invalid']);
    expect((await server.call('POST', deliverPath)).status).toBe(401);

    // The payer opens the page and presses Pay.
    const pagePath = new URL(checkoutUrl).pathname;
    const pageResponse = await fetch(server.url + pagePath);
    const html = await pageResponse.text();
    expect(pageResponse.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toMatch(/TEST PAYMENT/);
    expect(html).toContain(`action="${pagePath}/pay"`);
    const paid = await server.call('POST', `${pagePath}/pay`);
    expect(paid.body).toMatchObject({ ok: true, test_payment: true, paid: true, status: 'complete' });
    expect((await server.call('POST', `${pagePath}/pay`)).body.payment_intent_id).toBe(
      paid.body.payment_intent_id,
    );

    const delivered = await server.call('POST', deliverPath, { key });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({
      ok: true,
      service_code: NPI,
      result: expect.any(Object),
      usd_charged: 899,
      paid_via: 'checkout',
      checkout_session_id: sessionId,
      idempotency_key: 'co-1',
      replayed: false,
    });
    const repeat = await server.call('POST', deliverPath, { key });
    expect(repeat.body).toEqual({ ...delivered.body, replayed: true });
    const viaRun = await run(server, key, {
      service_code: NPI,
      payload: { product: 'e-bike' },
      idempotency_key: 'co-1',
    });
    expect(viaRun.body).toMatchObject({ ok: true, paid_via: 'checkout', replayed: true });
    const intents = await localIntents(accountId);
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
  });

  it('refunds a checkout payment when the engine rejects the input, and replays that', async () => {
    const { key, accountId } = await payer('none');
    const declined = await run(server, key, { service_code: TLE, payload: { industry: 'no-such-thing' } });
    const deliverPath = new URL(declined.body.deliver_url).pathname;
    await server.call('POST', `${new URL(declined.body.checkout_url).pathname}/pay`);
    const rejected = await server.call('POST', deliverPath, { key });
    expect(rejected.status).toBe(400);
    expect(rejected.body.detail).toMatchObject({ error: 'engine_rejected_input', refunded: true });
    expect(await localIntents(accountId)).toEqual([expect.objectContaining({ refunded_cents: 120_000 })]);
    const again = await server.call('POST', deliverPath, { key });
    expect(again.body.detail).toMatchObject({ error: 'engine_rejected_input', replayed: true });
  });
});

describe('async jobs and webhooks', () => {
  it('answers 202, runs the job, and delivers a webhook both libraries verify', async () => {
    const { key, accountId } = await payer('succeed');
    const body = {
      service_code: NPI,
      payload: { product: 'smart ring' },
      async: true,
      callback_url: receiver.url,
      idempotency_key: 'job-1',
    };
    const accepted = await run(server, key, body);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      ok: true,
      async: true,
      job_id: expect.stringMatching(/^job_/),
      status: 'queued',
      service_code: NPI,
      idempotency_key: 'job-1',
      status_url: `${server.url}/api/v1/business/jobs/${accepted.body.job_id}`,
      usd_charged: 899,
      payment_intent_id: expect.stringMatching(/^pi_/),
      callback_secret: expect.stringMatching(/^whsec_/),
    });
    const secret: string = accepted.body.callback_secret;
    const replay = await run(server, key, body);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ job_id: accepted.body.job_id, replayed: true });
    expect(replay.body.callback_secret).toBeUndefined();

    const statusPath = new URL(accepted.body.status_url).pathname;
    const done = await until(
      () => server.call('GET', statusPath, { key }),
      (r) => r.body.callback_status === 'delivered',
    );
    expect(done.body).toMatchObject({
      job_id: accepted.body.job_id,
      service_code: NPI,
      status: 'succeeded',
      result: expect.any(Object),
      usd_charged: 899,
      payment_intent_id: accepted.body.payment_intent_id,
      callback_status: 'delivered',
      callback_attempts: 1,
    });
    for (const field of ['created_at', 'started_at', 'finished_at']) expect(done.body[field]).toMatch(/Z$/);

    const request = receiver.requests.find((r) => r.headers['x-service-job-id'] === accepted.body.job_id)!;
    expect(
      await verifyGithubStyle(secret, request.body, String(request.headers['x-service-signature'])),
    ).toBe(true);
    const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    expect(event).toMatchObject({
      event: 'job.succeeded',
      job_id: accepted.body.job_id,
      service_code: NPI,
      idempotency_key: 'job-1',
      ok: true,
      result: done.body.result,
      usd_charged: 899,
      payment_intent_id: accepted.body.payment_intent_id,
    });
    expect(await localIntents(accountId)).toHaveLength(1);
  });

  it('answers 403 not_your_job and 404 job_not_found, and no callback fields without a callback_url', async () => {
    const { key } = await payer('succeed');
    const other = await payer('succeed');
    const accepted = await run(server, key, {
      service_code: TLE,
      payload: { industry: '五金' },
      async: true,
    });
    expect(accepted.body.callback_secret).toBeUndefined();
    const path = `/api/v1/business/jobs/${accepted.body.job_id}`;
    const forbidden = await server.call('GET', path, { key: other.key });
    expect([forbidden.status, forbidden.body.detail.error]).toEqual([403, 'not_your_job']);
    const missing = await server.call('GET', '/api/v1/business/jobs/job_doesnotexist', { key });
    expect([missing.status, missing.body.detail.error]).toEqual([404, 'job_not_found']);
    expect((await server.call('GET', path)).status).toBe(401);
    const done = await until(
      () => server.call('GET', path, { key }),
      (r) => r.body.status === 'succeeded',
    );
    expect(done.body.callback_status).toBeUndefined();
    expect(done.body.callback_attempts).toBeUndefined();
  });

  it('fails a job whose engine rejects, refunds it and sends job.failed', async () => {
    const { key, accountId } = await payer('succeed');
    const accepted = await run(server, key, {
      service_code: TLE,
      payload: { industry: 'no-such-industry' },
      async: true,
      callback_url: receiver.url,
    });
    const path = `/api/v1/business/jobs/${accepted.body.job_id}`;
    const failed = await until(
      () => server.call('GET', path, { key }),
      (r) => r.body.status === 'failed',
    );
    expect(failed.body).toMatchObject({
      error: { error: 'engine_rejected_input', msg: expect.any(String) },
      usd_charged: 0,
      refunded: true,
    });
    expect(failed.body.result).toBeUndefined();
    await until(
      () => localIntents(accountId),
      (intents) => intents[0]?.refunded_cents === 120_000,
    );
    const request = await until(
      async () => receiver.requests.find((r) => r.headers['x-service-job-id'] === accepted.body.job_id),
      Boolean,
    );
    expect(
      new Webhook(accepted.body.callback_secret).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toMatchObject({
      event: 'job.failed',
      ok: false,
      error: { error: 'engine_rejected_input' },
      usd_charged: 0,
      refunded: true,
    });
  });

  it('retries a failing receiver on the schedule, then exhausts, and the result stays at the job endpoint', async () => {
    const { key } = await payer('succeed');
    const failingUrl = receiver.url.replace('/hook', '/down');
    const previous = receiver.respond;
    receiver.respond = (request) => (request.path === '/down' ? 500 : previous(request, undefined as never));
    try {
      const accepted = await run(server, key, {
        service_code: NPI,
        payload: { product: 'desk' },
        async: true,
        callback_url: failingUrl,
      });
      const path = `/api/v1/business/jobs/${accepted.body.job_id}`;
      const seen = new Set<string>();
      const done = await until(
        () => server.call('GET', path, { key }),
        (r) => {
          seen.add(r.body.callback_status);
          return r.body.callback_status === 'exhausted';
        },
      );
      expect(done.body).toMatchObject({
        status: 'succeeded',
        result: expect.any(Object),
        callback_attempts: 3,
      });
      expect(seen.has('failed')).toBe(true);
      expect(
        receiver.requests.filter((r) => r.headers['x-service-job-id'] === accepted.body.job_id),
      ).toHaveLength(3);
    } finally {
      receiver.respond = previous;
    }
  });

  it('offers a checkout instead of a job when the card is declined', async () => {
    const { key } = await payer('decline');
    const response = await run(server, key, {
      service_code: NPI,
      payload: { product: 'pen' },
      async: true,
      callback_url: receiver.url,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ok: false,
      error: 'offsession_charge_failed',
      checkout_session_id: expect.any(String),
    });
    expect(response.body.job_id).toBeUndefined();
  });

  it('rejects callback URLs that are not https or point at private addresses, before charging', async () => {
    const { key, accountId } = await payer('succeed');
    for (const callback_url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://0x7f.1/hook',
      'https://10.0.0.1/x',
    ]) {
      const response = await run(server, key, {
        service_code: NPI,
        payload: { product: 'x' },
        async: true,
        callback_url,
      });
      expect([response.status, response.body.detail.error]).toEqual([400, 'invalid_callback_url']);
    }
    expect(await localIntents(accountId)).toEqual([]);
  });

  it('runs sandbox async jobs free of charge', async () => {
    const { key } = await server.account('free', { sandbox: true });
    const accepted = await run(server, key, { service_code: NPI, payload: { product: 'fan' }, async: true });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ usd_charged: 0, sandbox: true });
    const done = await until(
      () => server.call('GET', `/api/v1/business/jobs/${accepted.body.job_id}`, { key }),
      (r) => r.body.status === 'succeeded',
    );
    expect(done.body.usd_charged).toBe(0);
  });
});

describe('the books', () => {
  it('reconcile: every card charge has a delivered result or a refund', async () => {
    await until(
      () => server.db.query("SELECT 1 FROM refunds WHERE status = 'pending'"),
      (result) => result.rows.length === 0,
    );
    const { rows } = await server.db.query<{ id: string; delivered: boolean; refunded: boolean }>(
      `SELECT p.id,
              EXISTS (SELECT 1 FROM runs r WHERE r.id = p.run_id AND r.state = 'succeeded')
           OR EXISTS (SELECT 1 FROM jobs j WHERE j.payment_id = p.id AND j.status = 'succeeded') AS delivered,
              EXISTS (SELECT 1 FROM refunds f WHERE f.payment_id = p.id AND f.status = 'succeeded') AS refunded
         FROM payments p WHERE p.status = 'succeeded'`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.delivered !== row.refunded, `payment ${row.id}`).toBe(true);
    // The provider's books agree with ours.
    const provider = await server.db.query<{ charged: number; refunded: number }>(
      "SELECT COALESCE(sum(amount_cents), 0)::bigint AS charged, COALESCE(sum(refunded_cents), 0)::bigint AS refunded FROM local_payment_intents WHERE status = 'succeeded'",
    );
    const ours = await server.db.query<{ charged: number; refunded: number }>(
      `SELECT COALESCE(sum(p.amount_cents), 0)::bigint AS charged,
              COALESCE(sum(f.amount_cents) FILTER (WHERE f.status = 'succeeded'), 0)::bigint AS refunded
         FROM payments p LEFT JOIN refunds f ON f.payment_id = p.id WHERE p.status = 'succeeded'`,
    );
    expect(ours.rows[0]).toEqual(provider.rows[0]);
  });
});
