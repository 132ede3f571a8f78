// Standalone billing with PAYMENTS=stripe through the real server, against a local fake of the
// Stripe endpoints we call (no machine here reaches Stripe): the official SDK does the talking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/index.ts';
import { createStandalone, isStandalone } from '../../src/runs/standalone.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type StripeFake, startStripeFake } from '../helpers/stripe-fake.ts';

const NPI = 'report.new_product_intelligence';
let fake: StripeFake;
let server: TestServer;
let worker: Worker;

beforeAll(async () => {
  fake = await startStripeFake();
  server = await startTestServer({
    env: { WORKERS: 'off', PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: fake.url },
    standalone: createStandalone(),
  });
  const { deps } = server.service;
  if (!isStandalone(deps.standalone)) throw new Error('standalone runner missing');
  worker = deps.standalone.startWorker(deps, { pollMs: 50, refundSchedule: [50] });
});
afterAll(async () => {
  await worker.stop(2_000);
  await server.close();
  await fake.close();
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

let customers = 0;
async function stripePayer(card: 'succeed' | 'decline' | 'none') {
  const account = await server.account('business');
  if (card !== 'none') {
    const customer = `cus_test${++customers}`;
    fake.customers.set(customer, card);
    const linked = await server.admin('PUT', `/admin/v1/accounts/${account.accountId}/stripe-customer`, {
      customer_id: customer,
      payment_method_id: 'pm_card_visa',
    });
    expect(linked.status).toBe(200);
  }
  return account;
}

const run = (key: string, body: Record<string, unknown>) =>
  server.call('POST', '/api/v1/business/run', { key, body });

describe('standalone billing on Stripe', () => {
  it('charges off-session with a PaymentIntent, idempotently, and replays without charging', async () => {
    const { key } = await stripePayer('succeed');
    const body = { service_code: NPI, payload: { product: 'drone' }, idempotency_key: 's-1' };
    const first = await run(key, body);
    expect(first.body).toMatchObject({
      ok: true,
      usd_charged: 899,
      payment_intent_id: expect.stringMatching(/^pi_/),
    });
    expect(fake.intents.get(first.body.payment_intent_id)).toMatchObject({
      amount: 89_900,
      status: 'succeeded',
    });
    const create = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.startsWith('bizfn-charge-'),
    );
    expect(create).toBeDefined();
    const before = fake.intents.size;
    expect((await run(key, body)).body).toMatchObject({
      replayed: true,
      payment_intent_id: first.body.payment_intent_id,
    });
    expect(fake.intents.size).toBe(before);
  });

  it('routes a card error to a Stripe Checkout Session, and delivers once it is paid', async () => {
    const { key } = await stripePayer('decline');
    const declined = await run(key, {
      service_code: NPI,
      payload: { product: 'kettle' },
      idempotency_key: 's-2',
    });
    expect(declined.body).toMatchObject({
      ok: false,
      error: 'offsession_charge_failed',
      reason: 'card_declined',
      checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/),
      checkout_session_id: expect.stringMatching(/^cs_test_/),
    });
    const path = new URL(declined.body.deliver_url).pathname;
    const pending = await server.call('POST', path, { key });
    expect([pending.status, pending.body.detail.error, pending.body.detail.checkout_url]).toEqual([
      402,
      'checkout_pending',
      declined.body.checkout_url,
    ]);
    fake.completeSession(declined.body.checkout_session_id);
    const delivered = await server.call('POST', path, { key });
    expect(delivered.body).toMatchObject({
      ok: true,
      paid_via: 'checkout',
      usd_charged: 899,
      replayed: false,
    });
    expect((await server.call('POST', path, { key })).body.replayed).toBe(true);
  });

  it('offers a checkout when the account has no Stripe customer, or the request is invalid', async () => {
    const none = await stripePayer('none');
    expect((await run(none.key, { service_code: NPI, payload: { product: 'x' } })).body).toMatchObject({
      ok: false,
      reason: 'no_payment_method',
    });
  });

  it('answers checkout_invalid for an expired session', async () => {
    const { key } = await stripePayer('decline');
    const declined = await run(key, { service_code: NPI, payload: { product: 'pen' } });
    fake.expireSession(declined.body.checkout_session_id);
    const response = await server.call('POST', new URL(declined.body.deliver_url).pathname, { key });
    expect([response.status, response.body.detail.error]).toEqual([400, 'checkout_invalid']);
  });

  it('answers 502 charge_backend_error while Stripe fails, and frees the key for a retry', async () => {
    const { key } = await stripePayer('succeed');
    fake.down = true;
    try {
      const response = await run(key, {
        service_code: NPI,
        payload: { product: 'lamp' },
        idempotency_key: 's-502',
      });
      expect([response.status, response.body.detail.error]).toEqual([502, 'charge_backend_error']);
    } finally {
      fake.down = false;
    }
    const retry = await run(key, {
      service_code: NPI,
      payload: { product: 'lamp' },
      idempotency_key: 's-502',
    });
    expect(retry.body).toMatchObject({ ok: true });
  });

  it('refunds through Stripe on rejection; a failing refund stays owed, visible to the operator, until it succeeds', async () => {
    const { key } = await stripePayer('succeed');
    fake.refundsDown = true;
    try {
      const rejected = await run(key, { service_code: NPI, payload: { product: 'no-such-product' } });
      expect(rejected.body.detail).toMatchObject({ error: 'engine_rejected_input', refunded: true });
      const owed = await server.admin('GET', '/admin/v1/refunds?status=pending');
      expect(owed.body.refunds).toEqual([
        expect.objectContaining({
          status: 'pending',
          usd: 899,
          attempts: 1,
          last_error: expect.stringMatching(/stripe/),
        }),
      ]);
    } finally {
      fake.refundsDown = false;
    }
    await until(
      () => server.admin('GET', '/admin/v1/refunds?status=pending'),
      (response) => response.body.refunds.length === 0,
    );
    const done = await server.admin('GET', '/admin/v1/refunds?status=succeeded');
    expect(done.body.refunds.at(-1)).toMatchObject({ provider_refund_id: expect.stringMatching(/^re_/) });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 89_900 });
    expect((await server.admin('GET', '/admin/v1/refunds?status=bogus')).status).toBe(400);
  });

  it('runs async jobs paid through Stripe', async () => {
    const { key } = await stripePayer('succeed');
    const accepted = await run(key, { service_code: NPI, payload: { product: 'ring' }, async: true });
    expect(accepted.status).toBe(202);
    const done = await until(
      () => server.call('GET', `/api/v1/business/jobs/${accepted.body.job_id}`, { key }),
      (response) => response.body.status === 'succeeded',
    );
    expect(done.body).toMatchObject({ usd_charged: 899, payment_intent_id: accepted.body.payment_intent_id });
  });

  it('refuses the local provider routes', async () => {
    const page = await fetch(`${server.url}/checkout/cs_whatever`);
    expect(page.status).toBe(404);
    const account = await server.account('business');
    const local = await server.admin('PUT', `/admin/v1/accounts/${account.accountId}/payment-method`, {
      behavior: 'succeed',
    });
    expect(local.status).toBe(400);
  });
});
