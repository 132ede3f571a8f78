import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { type StripeFake, startStripeFake } from '../../../test/helpers/stripe-fake.ts';
import { newId } from '../../lib/ids.ts';
import { withPaymentsDown } from './faults.ts';
import { createLocalProvider, type LocalProvider } from './local.ts';
import {
  chargeForRun,
  getPayment,
  listRefunds,
  processDueRefunds,
  reconcilePendingPayments,
  refundNow,
  requestRefund,
} from './records.ts';
import { createStripeProvider } from './stripe.ts';
import { type ChargeRequest, PaymentBackendError, type PaymentProvider } from './types.ts';

type Card = 'succeed' | 'decline' | 'none';

interface Harness {
  provider: PaymentProvider;
  setCard(accountId: string, card: Card): Promise<void>;
  pay(sessionId: string): Promise<void>;
  /** Amount the provider says was refunded on a payment intent. */
  refundedOn(paymentIntentId: string): Promise<number>;
}

let db: TestDatabase;
let fake: StripeFake;

beforeAll(async () => {
  db = await openTestDatabase();
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake.close();
  await db.close();
});

async function newAccount(): Promise<string> {
  const id = newId('acct');
  await db.query("INSERT INTO accounts (id, name, tier) VALUES ($1, 'Payer', 'business')", [id]);
  return id;
}

function localHarness(): Harness {
  const provider: LocalProvider = createLocalProvider({
    db,
    checkoutBaseUrl: () => 'http://127.0.0.1:8080/checkout',
  });
  return {
    provider,
    async setCard(accountId, card) {
      await db.query('UPDATE accounts SET payment_behavior = $2 WHERE id = $1', [accountId, card]);
    },
    async pay(sessionId) {
      await provider.payCheckout(sessionId);
    },
    async refundedOn(pi) {
      const { rows } = await db.query<{ refunded_cents: number }>(
        'SELECT refunded_cents FROM local_payment_intents WHERE id = $1',
        [pi],
      );
      return rows[0]?.refunded_cents ?? 0;
    },
  };
}

function stripeHarness(): Harness {
  const provider = createStripeProvider({
    db,
    secretKey: 'sk_test_fake',
    apiBase: fake.url,
    timeoutMs: 5_000,
  });
  return {
    provider,
    async setCard(accountId, card) {
      await db.query("DELETE FROM payment_customers WHERE account_id = $1 AND provider = 'stripe'", [
        accountId,
      ]);
      if (card === 'none') return;
      const customer = newId('acct').replace('acct_', 'cus_');
      fake.customers.set(customer, card);
      await db.query(
        "INSERT INTO payment_customers (account_id, provider, customer_id, payment_method_id) VALUES ($1, 'stripe', $2, 'pm_card')",
        [accountId, customer],
      );
    },
    async pay(sessionId) {
      fake.completeSession(sessionId);
    },
    async refundedOn(pi) {
      return fake.intents.get(pi)?.amount_refunded ?? 0;
    },
  };
}

function chargeRequest(accountId: string, runId = newId('run')): ChargeRequest {
  return {
    accountId,
    amountCents: 89_900,
    currency: 'usd',
    description: 'bizfn report.new_product_intelligence',
    idempotencyKey: `bizfn-charge-${runId}`,
    metadata: { run_id: runId },
  };
}

describe.each([
  ['local', localHarness],
  ['stripe (local fake of its API)', stripeHarness],
])('payment provider: %s', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(() => {
    h = makeHarness();
  });

  it('charges a saved card off-session, once per idempotency key', async () => {
    const account = await newAccount();
    await h.setCard(account, 'succeed');
    const request = chargeRequest(account);
    const first = await h.provider.chargeOffSession(request);
    expect(first).toMatchObject({ ok: true, paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(await h.provider.chargeOffSession(request)).toEqual(first);
    expect(await h.provider.findCharge(request)).toEqual({
      found: true,
      paymentIntentId: (first as { paymentIntentId: string }).paymentIntentId,
      succeeded: true,
    });
    expect(await h.provider.findCharge(chargeRequest(account))).toEqual({ found: false });
  });

  it('reports a declined card and a missing card as outcomes, not errors', async () => {
    const account = await newAccount();
    await h.setCard(account, 'decline');
    expect(await h.provider.chargeOffSession(chargeRequest(account))).toMatchObject({
      ok: false,
      reason: 'card_declined',
    });
    await h.setCard(account, 'none');
    expect(await h.provider.chargeOffSession(chargeRequest(account))).toMatchObject({
      ok: false,
      reason: 'no_payment_method',
    });
  });

  it('runs a checkout session from open to paid, and refunds it once', async () => {
    const account = await newAccount();
    const runId = newId('run');
    const session = await h.provider.createCheckoutSession({
      accountId: account,
      amountCents: 120_000,
      currency: 'usd',
      description: 'Target list export',
      idempotencyKey: `bizfn-checkout-${runId}`,
      metadata: { run_id: runId },
      returnUrl: 'http://127.0.0.1:8080/checkout/done',
    });
    expect(session.id).toMatch(/^cs_/);
    expect(session.url).toMatch(/^https?:\/\//);
    expect(await h.provider.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'open',
      paid: false,
      amountCents: 120_000,
      paymentIntentId: null,
      metadata: { run_id: runId },
    });
    await h.pay(session.id);
    const paid = await h.provider.retrieveCheckoutSession(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      paid: true,
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const refundRequest = {
      paymentIntentId: paid!.paymentIntentId!,
      amountCents: 120_000,
      idempotencyKey: `bizfn-refund-${runId}`,
      reason: 'engine failed',
    };
    const refund = await h.provider.refund(refundRequest);
    expect(await h.provider.refund(refundRequest)).toEqual(refund);
    expect(await h.refundedOn(paid!.paymentIntentId!)).toBe(120_000);
    expect(await h.provider.retrieveCheckoutSession('cs_unknown')).toBeNull();
  });

  it('books a charge once however often a run asks, and owes and pays one refund', async () => {
    const account = await newAccount();
    await h.setCard(account, 'succeed');
    const input = {
      runId: newId('run'),
      accountId: account,
      amountCents: 89_900,
      description: 'x',
      metadata: {},
    };
    const first = await chargeForRun(db, h.provider, input);
    const again = await chargeForRun(db, h.provider, input);
    expect(first.ok && again.ok).toBe(true);
    expect(again.payment.id).toBe(first.payment.id);
    const pi = first.payment.payment_intent_id!;

    const refundId = await db.transaction((tx) => requestRefund(tx, first.payment, 'engine_error'));
    expect(await db.transaction((tx) => requestRefund(tx, first.payment, 'engine_error'))).toBe(refundId);
    // The backend is down: the refund stays owed, with the reason, for the operator to see.
    expect(await refundNow(db, withPaymentsDown(h.provider), refundId, [10])).toBe('pending');
    const owed = (await listRefunds(db, 'pending')).find((refund) => refund.id === refundId);
    expect(owed).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/PaymentBackendError/) });
    expect(await h.refundedOn(pi)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await processDueRefunds(db, h.provider, [10])).toBeGreaterThanOrEqual(1);
    const done = (await listRefunds(db)).find((refund) => refund.id === refundId);
    expect(done).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      provider_refund_id: expect.stringMatching(/^re_/),
    });
    expect(await h.refundedOn(pi)).toBe(89_900);
    expect(await refundNow(db, h.provider, refundId)).toBe('succeeded');
    expect(await h.refundedOn(pi)).toBe(89_900);
  });

  it('returns a decline from chargeForRun and never retries it', async () => {
    const account = await newAccount();
    await h.setCard(account, 'decline');
    const input = {
      runId: newId('run'),
      accountId: account,
      amountCents: 89_900,
      description: 'x',
      metadata: {},
    };
    expect(await chargeForRun(db, h.provider, input)).toMatchObject({ ok: false, reason: 'card_declined' });
    await h.setCard(account, 'succeed');
    expect(await chargeForRun(db, h.provider, input)).toMatchObject({ ok: false, reason: 'card_declined' });
  });

  it('refunds a charge whose outcome a crash lost, once the reconciler finds it', async () => {
    const account = await newAccount();
    await h.setCard(account, 'succeed');
    const runId = newId('run');
    const request = chargeRequest(account, runId);
    // The process wrote its pending row, the provider charged, and the process died.
    await db.query(
      `INSERT INTO payments (id, run_id, account_id, provider, method, amount_cents, status, request, idempotency_key)
       VALUES ($1, $2, $3, $4, 'offsession', 89900, 'pending', $5, $6)`,
      [newId('pay'), runId, account, h.provider.name, JSON.stringify(request), request.idempotencyKey],
    );
    const charged = await h.provider.chargeOffSession(request);
    expect(charged.ok).toBe(true);
    // A pending row for which the provider never saw a request.
    const lostRun = newId('run');
    const lost = chargeRequest(account, lostRun);
    await db.query(
      `INSERT INTO payments (id, run_id, account_id, provider, method, amount_cents, status, request, idempotency_key)
       VALUES ($1, $2, $3, $4, 'offsession', 89900, 'pending', $5, $6)`,
      [newId('pay'), lostRun, account, h.provider.name, JSON.stringify(lost), lost.idempotencyKey],
    );
    expect(await reconcilePendingPayments(db, withPaymentsDown(h.provider), 0)).toBe(0);
    expect(await reconcilePendingPayments(db, h.provider, 0)).toBe(2);
    const { rows } = await db.query<{ run_id: string; status: string; failure_reason: string | null }>(
      'SELECT run_id, status, failure_reason FROM payments WHERE run_id = ANY($1) ORDER BY status',
      [[runId, lostRun]],
    );
    expect(rows).toEqual([
      { run_id: lostRun, status: 'failed', failure_reason: 'not_charged' },
      { run_id: runId, status: 'succeeded', failure_reason: null },
    ]);
    await processDueRefunds(db, h.provider);
    expect(await h.refundedOn((charged as { paymentIntentId: string }).paymentIntentId)).toBe(89_900);
  });
});

describe('payment backend failures', () => {
  it('local: payments:down fails before charging and frees the payment', async () => {
    const account = await newAccount();
    const provider = withPaymentsDown(localHarness().provider);
    const input = {
      runId: newId('run'),
      accountId: account,
      amountCents: 89_900,
      description: 'x',
      metadata: {},
    };
    await expect(chargeForRun(db, provider, input)).rejects.toBeInstanceOf(PaymentBackendError);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM payments WHERE run_id = $1', [
      input.runId,
    ]);
    expect(await getPayment(db, rows[0]!.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'backend_unavailable',
    });
  });

  it('stripe: a 5xx is a backend error; the payment stays pending until reconciled', async () => {
    const h = stripeHarness();
    const account = await newAccount();
    await h.setCard(account, 'succeed');
    fake.down = true;
    const input = {
      runId: newId('run'),
      accountId: account,
      amountCents: 89_900,
      description: 'x',
      metadata: {},
    };
    try {
      await expect(chargeForRun(db, h.provider, input)).rejects.toBeInstanceOf(PaymentBackendError);
    } finally {
      fake.down = false;
    }
    const { rows } = await db.query<{ status: string }>('SELECT status FROM payments WHERE run_id = $1', [
      input.runId,
    ]);
    expect(rows[0]!.status).toBe('pending');
    await reconcilePendingPayments(db, h.provider, 0);
    const after = await db.query<{ status: string }>('SELECT status FROM payments WHERE run_id = $1', [
      input.runId,
    ]);
    expect(after.rows[0]!.status).toBe('failed');
  });

  it('stripe: an unreachable API is a backend error', async () => {
    const provider = createStripeProvider({
      db,
      secretKey: 'sk_test_fake',
      apiBase: 'http://127.0.0.1:1',
      timeoutMs: 1_000,
    });
    const account = await newAccount();
    await stripeHarness().setCard(account, 'succeed');
    await expect(provider.chargeOffSession(chargeRequest(account))).rejects.toBeInstanceOf(
      PaymentBackendError,
    );
    await expect(provider.retrieveCheckoutSession('cs_x')).rejects.toBeInstanceOf(PaymentBackendError);
  });

  it('stripe: a missing payment method is an invalid request routed to checkout', async () => {
    const account = await newAccount();
    await db.query(
      "INSERT INTO payment_customers (account_id, provider, customer_id) VALUES ($1, 'stripe', 'cus_nopm')",
      [account],
    );
    const provider = stripeHarness().provider;
    expect(await provider.chargeOffSession(chargeRequest(account))).toMatchObject({
      ok: false,
      reason: 'parameter_missing',
    });
  });
});
