// Our books for card money: every charge is written down before the provider is asked and settled
// after, and every refund owed is a row retried until the provider confirms it. The provider's
// idempotency keys derive from our row ids, so any step can be repeated without moving money twice.
import { newId } from '../../lib/ids.ts';
import type { Database, Queryable, Transaction } from '../../storage/index.ts';
import {
  type ChargeRequest,
  PaymentBackendError,
  type PaymentProvider,
  RefundRejectedError,
} from './types.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';
export type PaymentMethod = 'offsession' | 'checkout';

export interface PaymentRecord {
  id: string;
  run_id: string;
  account_id: string;
  provider: string;
  method: PaymentMethod;
  amount_cents: number;
  status: PaymentStatus;
  payment_intent_id: string | null;
  checkout_session_id: string | null;
  failure_reason: string | null;
}

const PAYMENT_COLUMNS =
  'id, run_id, account_id, provider, method, amount_cents, status, payment_intent_id, checkout_session_id, failure_reason';

export interface ChargeInput {
  runId: string;
  accountId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
}

export type ChargeForRunResult =
  | { ok: true; payment: PaymentRecord }
  | { ok: false; reason: string; msg: string; payment: PaymentRecord };

async function paymentOf(
  db: Queryable,
  runId: string,
  method: PaymentMethod,
): Promise<PaymentRecord | undefined> {
  const { rows } = await db.query<PaymentRecord>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE run_id = $1 AND method = $2`,
    [runId, method],
  );
  return rows[0];
}

export async function getPayment(db: Queryable, id: string): Promise<PaymentRecord | undefined> {
  const { rows } = await db.query<PaymentRecord>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/** Moves a pending payment to its outcome; false when someone (the reconciler) settled it first. */
async function settle(
  db: Queryable,
  id: string,
  outcome: { status: 'succeeded' | 'failed'; paymentIntentId?: string | undefined; failureReason?: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE payments SET status = $2, payment_intent_id = COALESCE($3, payment_intent_id),
            failure_reason = $4, updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, outcome.status, outcome.paymentIntentId ?? null, outcome.failureReason ?? null],
  );
  return rowCount === 1;
}

/**
 * Charges the account's saved method for a run, once. Throws PaymentBackendError when the
 * provider could not be asked; when the request may have gone through, the payment stays
 * pending and the reconciler settles it (and refunds it: nobody is waiting for that run).
 */
export async function chargeForRun(
  db: Database,
  provider: PaymentProvider,
  input: ChargeInput,
  /** Runs in the transaction that books the charge: what the charge pays for commits with it. */
  onCharged?: (tx: Transaction, payment: PaymentRecord) => Promise<void>,
): Promise<ChargeForRunResult> {
  const request: ChargeRequest = {
    accountId: input.accountId,
    amountCents: input.amountCents,
    currency: 'usd',
    description: input.description,
    idempotencyKey: `bizfn-charge-${input.runId}`,
    metadata: { ...input.metadata, run_id: input.runId },
  };
  await db.query(
    `INSERT INTO payments (id, run_id, account_id, provider, method, amount_cents, status, request, idempotency_key)
     VALUES ($1, $2, $3, $4, 'offsession', $5, 'pending', $6, $7)
     ON CONFLICT (run_id, method) DO NOTHING`,
    [
      newId('pay'),
      input.runId,
      input.accountId,
      provider.name,
      input.amountCents,
      JSON.stringify(request),
      request.idempotencyKey,
    ],
  );
  const payment = (await paymentOf(db, input.runId, 'offsession'))!;
  if (payment.status === 'succeeded') return { ok: true, payment };
  if (payment.status === 'failed' && payment.failure_reason !== 'backend_unavailable') {
    return {
      ok: false,
      reason: payment.failure_reason ?? 'card_declined',
      msg: 'the saved payment method was declined',
      payment,
    };
  }
  let result: Awaited<ReturnType<PaymentProvider['chargeOffSession']>>;
  try {
    result = await provider.chargeOffSession(request);
  } catch (error) {
    const backend =
      error instanceof PaymentBackendError ? error : new PaymentBackendError(String(error), true);
    if (!backend.maybeCharged)
      await settle(db, payment.id, { status: 'failed', failureReason: 'backend_unavailable' });
    throw backend;
  }
  if (result.ok) {
    const charged: PaymentRecord = {
      ...payment,
      status: 'succeeded',
      payment_intent_id: result.paymentIntentId,
    };
    await db.transaction(async (tx) => {
      if (!(await settle(tx, payment.id, { status: 'succeeded', paymentIntentId: result.paymentIntentId }))) {
        // The reconciler judged this charge lost and owes its refund; the run must not go on.
        throw new PaymentBackendError('the charge was settled elsewhere while in flight');
      }
      if (onCharged) await onCharged(tx, charged);
    });
    return { ok: true, payment: charged };
  }
  await settle(db, payment.id, {
    status: 'failed',
    paymentIntentId: result.paymentIntentId,
    failureReason: result.reason,
  });
  return { ok: false, reason: result.reason, msg: result.msg, payment: { ...payment, status: 'failed' } };
}

/** Records a payment completed at checkout (idempotent per run). */
export async function recordCheckoutPayment(
  tx: Queryable,
  input: {
    runId: string;
    accountId: string;
    provider: string;
    amountCents: number;
    paymentIntentId: string;
    checkoutSessionId: string;
  },
): Promise<PaymentRecord> {
  await tx.query(
    `INSERT INTO payments (id, run_id, account_id, provider, method, amount_cents, status, payment_intent_id, checkout_session_id)
     VALUES ($1, $2, $3, $4, 'checkout', $5, 'succeeded', $6, $7)
     ON CONFLICT (run_id, method) DO NOTHING`,
    [
      newId('pay'),
      input.runId,
      input.accountId,
      input.provider,
      input.amountCents,
      input.paymentIntentId,
      input.checkoutSessionId,
    ],
  );
  return (await paymentOf(tx, input.runId, 'checkout'))!;
}

// ---- refunds ----

export interface RefundRecord {
  id: string;
  payment_id: string;
  run_id: string;
  account_id: string;
  amount_cents: number;
  reason: string;
  status: 'pending' | 'succeeded';
  attempts: number;
  provider_refund_id: string | null;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
}

/** Delays between refund attempts; the last one repeats for as long as it takes. */
export const DEFAULT_REFUND_SCHEDULE: readonly number[] = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000,
];

/**
 * Owes a refund of a succeeded payment. Call it in the transaction that decides the run failed, so
 * the decision and the debt commit together. One refund per payment, however often it is called.
 */
export async function requestRefund(
  tx: Queryable,
  payment: Pick<PaymentRecord, 'id' | 'run_id' | 'account_id' | 'amount_cents'>,
  reason: string,
): Promise<string> {
  await tx.query(
    // The caller makes the first attempt right after committing (refundNow); the worker's retries
    // start later, so the two do not race for it and the caller's answer can say it is done.
    `INSERT INTO refunds (id, payment_id, run_id, account_id, amount_cents, reason, status, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', now() + interval '10 seconds')
     ON CONFLICT (payment_id) DO NOTHING`,
    [newId('re'), payment.id, payment.run_id, payment.account_id, payment.amount_cents, reason],
  );
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM refunds WHERE payment_id = $1', [
    payment.id,
  ]);
  return rows[0]!.id;
}

interface ClaimedRefund {
  id: string;
  payment_id: string;
  amount_cents: number;
  reason: string;
  attempts: number;
  payment_intent_id: string | null;
}

const LEASE_SECONDS = 120;

async function claimRefunds(
  db: Queryable,
  where: string,
  values: unknown[],
  limit: number,
): Promise<ClaimedRefund[]> {
  const { rows } = await db.query<ClaimedRefund>(
    `WITH due AS (
       SELECT id FROM refunds
        WHERE status = 'pending' AND (locked_until IS NULL OR locked_until < now()) AND ${where}
        ORDER BY next_attempt_at LIMIT ${Math.max(1, Math.floor(limit))}
        FOR UPDATE SKIP LOCKED)
     UPDATE refunds r SET attempts = r.attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
            updated_at = now()
       FROM due, payments p
      WHERE r.id = due.id AND p.id = r.payment_id
     RETURNING r.id, r.payment_id, r.amount_cents, r.reason, r.attempts, p.payment_intent_id`,
    values,
  );
  return rows;
}

async function attempt(
  db: Queryable,
  provider: PaymentProvider,
  refund: ClaimedRefund,
  schedule: readonly number[],
): Promise<'succeeded' | 'pending'> {
  try {
    if (!refund.payment_intent_id) throw new RefundRejectedError('the payment has no payment intent');
    const result = await provider.refund({
      paymentIntentId: refund.payment_intent_id,
      amountCents: refund.amount_cents,
      idempotencyKey: `bizfn-refund-${refund.payment_id}`,
      reason: refund.reason,
    });
    await db.query(
      `UPDATE refunds SET status = 'succeeded', provider_refund_id = $2, locked_until = NULL, last_error = NULL,
              succeeded_at = now(), updated_at = now()
        WHERE id = $1 AND attempts = $3`,
      [refund.id, result.refundId, refund.attempts],
    );
    return 'succeeded';
  } catch (error) {
    const delay = schedule[Math.min(refund.attempts - 1, schedule.length - 1)] ?? 60_000;
    await db.query(
      `UPDATE refunds SET locked_until = NULL, last_error = $2, updated_at = now(),
              next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = $1 AND attempts = $4`,
      [
        refund.id,
        `${(error as Error).name}: ${(error as Error).message}`.slice(0, 500),
        delay,
        refund.attempts,
      ],
    );
    return 'pending';
  }
}

/** Tries one refund now (right after a failure, so the answer can say it is done). */
export async function refundNow(
  db: Database,
  provider: PaymentProvider,
  refundId: string,
  schedule: readonly number[] = DEFAULT_REFUND_SCHEDULE,
): Promise<'succeeded' | 'pending'> {
  const [claimed] = await claimRefunds(db, 'id = $1', [refundId], 1);
  if (!claimed) {
    const { rows } = await db.query<{ status: 'pending' | 'succeeded' }>(
      'SELECT status FROM refunds WHERE id = $1',
      [refundId],
    );
    return rows[0]?.status ?? 'pending';
  }
  return attempt(db, provider, claimed, schedule);
}

/** Retries every refund that is due; the worker calls it on a timer. Resolves with how many were tried. */
export async function processDueRefunds(
  db: Database,
  provider: PaymentProvider,
  schedule: readonly number[] = DEFAULT_REFUND_SCHEDULE,
  limit = 20,
): Promise<number> {
  const claimed = await claimRefunds(db, 'next_attempt_at <= now()', [], limit);
  for (const refund of claimed) await attempt(db, provider, refund, schedule);
  return claimed.length;
}

/** What the operator sees: refunds still owed (or all), oldest first. */
export async function listRefunds(db: Queryable, status?: 'pending' | 'succeeded'): Promise<RefundRecord[]> {
  const { rows } = await db.query<RefundRecord>(
    `SELECT id, payment_id, run_id, account_id, amount_cents, reason, status, attempts, provider_refund_id,
            last_error, next_attempt_at, created_at
       FROM refunds ${status ? 'WHERE status = $1' : ''} ORDER BY created_at`,
    status ? [status] : [],
  );
  return rows;
}

/**
 * Settles off-session payments left pending longer than `olderThanMs` (their process died, or the
 * provider's answer was lost). The provider is asked what happened; a charge that went through
 * is refunded, because the run it paid for never learned of it.
 */
export async function reconcilePendingPayments(
  db: Database,
  provider: PaymentProvider,
  olderThanMs: number,
): Promise<number> {
  const { rows } = await db.query<PaymentRecord & { request: ChargeRequest }>(
    `SELECT ${PAYMENT_COLUMNS}, request FROM payments
      WHERE status = 'pending' AND method = 'offsession'
        AND created_at < now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY created_at LIMIT 50`,
    [olderThanMs],
  );
  let settled = 0;
  const owed: string[] = [];
  for (const payment of rows) {
    let found: Awaited<ReturnType<PaymentProvider['findCharge']>>;
    try {
      found = await provider.findCharge(payment.request);
    } catch {
      continue; // backend still down: next round
    }
    await db.transaction(async (tx) => {
      if (found.found && found.succeeded) {
        if (await settle(tx, payment.id, { status: 'succeeded', paymentIntentId: found.paymentIntentId })) {
          owed.push(
            await requestRefund(tx, payment, 'charge outcome lost (process ended mid-charge); refunded'),
          );
          settled++;
        }
      } else if (
        await settle(tx, payment.id, {
          status: 'failed',
          paymentIntentId: found.found ? found.paymentIntentId : undefined,
          failureReason: found.found ? 'card_declined' : 'not_charged',
        })
      ) {
        settled++;
      }
    });
  }
  for (const refundId of owed) await refundNow(db, provider, refundId);
  return settled;
}

/** Links an account to the Stripe customer and saved card that off-session charges use. */
export async function setStripeCustomer(
  db: Queryable,
  input: { accountId: string; customerId: string; paymentMethodId: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO payment_customers (account_id, provider, customer_id, payment_method_id)
     VALUES ($1, 'stripe', $2, $3)
     ON CONFLICT (account_id, provider) DO UPDATE
       SET customer_id = EXCLUDED.customer_id, payment_method_id = EXCLUDED.payment_method_id, updated_at = now()`,
    [input.accountId, input.customerId, input.paymentMethodId],
  );
}
