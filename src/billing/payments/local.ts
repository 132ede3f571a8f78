// The local payment provider: a stand-in for a card processor that keeps its books in our
// database (local_* tables). Each account's saved card behaves as accounts.payment_behavior says,
// and checkout sessions are paid on a page this service serves. Test payments only: no money moves.
import { newId } from '../../lib/ids.ts';
import type { Database, Queryable } from '../../storage/index.ts';
import {
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  type PaymentProvider,
  RefundRejectedError,
  type RefundRequest,
  type RefundResult,
} from './types.ts';

const CHECKOUT_LIFETIME_HOURS = 24;

export interface LocalProviderOptions {
  db: Database;
  /** Absolute base of the checkout pages, e.g. https://api.example.com/checkout. */
  checkoutBaseUrl: () => string;
}

interface IntentRow {
  id: string;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
}

interface CheckoutRow {
  id: string;
  account_id: string;
  amount_cents: number;
  description: string;
  status: 'open' | 'complete' | 'expired';
  payment_intent_id: string | null;
  metadata: Record<string, string>;
  expired: boolean;
}

const DECLINE_MSG: Record<string, string> = {
  card_declined: 'the saved card was declined (test payment method set to decline)',
  no_payment_method: 'the account has no saved payment method',
};

/** Inserts an intent once per idempotency key and returns whichever row holds the key. */
async function recordIntent(
  db: Queryable,
  input: { accountId: string; amountCents: number; idempotencyKey: string; failureCode: string | null },
): Promise<IntentRow> {
  await db.query(
    `INSERT INTO local_payment_intents (id, account_id, amount_cents, status, failure_code, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
    [
      newId('pi'),
      input.accountId,
      input.amountCents,
      input.failureCode ? 'failed' : 'succeeded',
      input.failureCode,
      input.idempotencyKey,
    ],
  );
  const { rows } = await db.query<IntentRow>(
    'SELECT id, status, failure_code FROM local_payment_intents WHERE idempotency_key = $1',
    [input.idempotencyKey],
  );
  return rows[0]!;
}

const CHECKOUT_COLUMNS = `id, account_id, amount_cents, description, status, payment_intent_id, metadata,
  (status = 'open' AND expires_at < now()) AS expired`;

function toState(row: CheckoutRow): CheckoutState {
  const status = row.expired ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    paid: status === 'complete',
    amountCents: row.amount_cents,
    currency: 'usd',
    paymentIntentId: row.payment_intent_id,
    metadata: row.metadata,
  };
}

export interface LocalProvider extends PaymentProvider {
  /** The checkout page's Pay button: completes the session once; repeats change nothing. */
  payCheckout(id: string): Promise<CheckoutState | null>;
  /** What the checkout page shows. */
  describeCheckout(id: string): Promise<(CheckoutState & { description: string }) | null>;
}

export function createLocalProvider(options: LocalProviderOptions): LocalProvider {
  const { db } = options;

  async function readCheckout(q: Queryable, id: string, lock = false): Promise<CheckoutRow | undefined> {
    const { rows } = await q.query<CheckoutRow>(
      `SELECT ${CHECKOUT_COLUMNS} FROM local_checkout_sessions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  return {
    name: 'local',

    async chargeOffSession(request: ChargeRequest): Promise<ChargeResult> {
      const { rows } = await db.query<{ payment_behavior: 'succeed' | 'decline' | 'none' }>(
        'SELECT payment_behavior FROM accounts WHERE id = $1',
        [request.accountId],
      );
      const behavior = rows[0]?.payment_behavior ?? 'none';
      if (behavior === 'none') {
        return { ok: false, reason: 'no_payment_method', msg: DECLINE_MSG.no_payment_method! };
      }
      const intent = await recordIntent(db, {
        accountId: request.accountId,
        amountCents: request.amountCents,
        idempotencyKey: request.idempotencyKey,
        failureCode: behavior === 'decline' ? 'card_declined' : null,
      });
      if (intent.status === 'succeeded') return { ok: true, paymentIntentId: intent.id };
      const reason = intent.failure_code ?? 'card_declined';
      return { ok: false, reason, msg: DECLINE_MSG[reason] ?? reason, paymentIntentId: intent.id };
    },

    async findCharge(request: ChargeRequest) {
      const { rows } = await db.query<IntentRow>(
        'SELECT id, status, failure_code FROM local_payment_intents WHERE idempotency_key = $1',
        [request.idempotencyKey],
      );
      const intent = rows[0];
      return intent
        ? { found: true as const, paymentIntentId: intent.id, succeeded: intent.status === 'succeeded' }
        : { found: false as const };
    },

    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      await db.query(
        `INSERT INTO local_checkout_sessions
           (id, account_id, amount_cents, description, status, metadata, idempotency_key, expires_at)
         VALUES ($1, $2, $3, $4, 'open', $5, $6, now() + make_interval(hours => $7))
         ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          newId('cs', 18),
          request.accountId,
          request.amountCents,
          request.description,
          JSON.stringify(request.metadata),
          request.idempotencyKey,
          CHECKOUT_LIFETIME_HOURS,
        ],
      );
      const { rows } = await db.query<{ id: string }>(
        'SELECT id FROM local_checkout_sessions WHERE idempotency_key = $1',
        [request.idempotencyKey],
      );
      const id = rows[0]!.id;
      return { id, url: `${options.checkoutBaseUrl()}/${id}` };
    },

    async retrieveCheckoutSession(id: string): Promise<CheckoutState | null> {
      const row = await readCheckout(db, id);
      return row ? toState(row) : null;
    },

    async describeCheckout(id: string) {
      const row = await readCheckout(db, id);
      return row ? { ...toState(row), description: row.description } : null;
    },

    async payCheckout(id: string): Promise<CheckoutState | null> {
      return db.transaction(async (tx) => {
        const row = await readCheckout(tx, id, true);
        if (!row) return null;
        if (row.status !== 'open' || row.expired) return toState(row);
        const intent = await recordIntent(tx, {
          accountId: row.account_id,
          amountCents: row.amount_cents,
          idempotencyKey: `checkout:${id}`,
          failureCode: null,
        });
        await tx.query(
          "UPDATE local_checkout_sessions SET status = 'complete', payment_intent_id = $2 WHERE id = $1",
          [id, intent.id],
        );
        return toState({ ...row, status: 'complete', payment_intent_id: intent.id });
      });
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      return db.transaction(async (tx) => {
        const existing = await tx.query<{ id: string }>(
          'SELECT id FROM local_refunds WHERE idempotency_key = $1',
          [request.idempotencyKey],
        );
        if (existing.rows[0]) return { refundId: existing.rows[0].id };
        const { rows } = await tx.query<{ amount_cents: number; refunded_cents: number; status: string }>(
          'SELECT amount_cents, refunded_cents, status FROM local_payment_intents WHERE id = $1 FOR UPDATE',
          [request.paymentIntentId],
        );
        const intent = rows[0];
        if (intent?.status !== 'succeeded') {
          throw new RefundRejectedError(`payment intent ${request.paymentIntentId} has no charge to refund`);
        }
        if (intent.refunded_cents + request.amountCents > intent.amount_cents) {
          throw new RefundRejectedError(`refund exceeds what is left of ${request.paymentIntentId}`);
        }
        const refundId = newId('re');
        await tx.query(
          'INSERT INTO local_refunds (id, payment_intent_id, amount_cents, idempotency_key) VALUES ($1, $2, $3, $4)',
          [refundId, request.paymentIntentId, request.amountCents, request.idempotencyKey],
        );
        await tx.query(
          'UPDATE local_payment_intents SET refunded_cents = refunded_cents + $2 WHERE id = $1',
          [request.paymentIntentId, request.amountCents],
        );
        return { refundId };
      });
    },
  };
}
