// The Stripe provider, on the official SDK: PaymentIntents confirmed off-session against the
// account's saved card, Checkout Sessions when that fails, refunds. Stripe's errors are
// translated here: card and request errors become a declined outcome (the caller offers a
// checkout), everything else (network, 5xx, credentials, rate limits) is PaymentBackendError.
import { Stripe } from 'stripe';
import type { Database } from '../../storage/index.ts';
import {
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  PaymentBackendError,
  type PaymentProvider,
  RefundRejectedError,
  type RefundRequest,
  type RefundResult,
} from './types.ts';

export interface StripeProviderOptions {
  db: Database;
  secretKey: string;
  /** STRIPE_API_BASE: where the API lives (tests point it at a local fake). */
  apiBase?: string | undefined;
  timeoutMs?: number;
}

interface StripeLikeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  statusCode?: number;
  payment_intent?: { id: string };
}

function asStripeError(error: unknown): StripeLikeError {
  return typeof error === 'object' && error !== null
    ? (error as StripeLikeError)
    : { message: String(error) };
}

/** Errors that say the payer must act (pay at checkout), as opposed to the backend being unwell. */
const PAYER_ERRORS = new Set(['StripeCardError', 'StripeInvalidRequestError']);

function backendError(error: unknown, maybeCharged: boolean): PaymentBackendError {
  const e = asStripeError(error);
  return new PaymentBackendError(`stripe: ${e.type ?? 'error'}: ${e.message ?? 'unknown'}`, maybeCharged);
}

function connectionOptions(apiBase: string | undefined): Record<string, string | number> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol.replace(':', '');
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

function sessionStatus(status: string | null): CheckoutState['status'] {
  return status === 'complete' ? 'complete' : status === 'expired' ? 'expired' : 'open';
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...connectionOptions(options.apiBase),
    timeout: options.timeoutMs ?? 20_000,
    // The SDK retries network failures with the same Idempotency-Key, which is safe.
    maxNetworkRetries: 1,
    telemetry: false,
  });

  async function savedCard(accountId: string) {
    const { rows } = await options.db.query<{ customer_id: string; payment_method_id: string | null }>(
      "SELECT customer_id, payment_method_id FROM payment_customers WHERE account_id = $1 AND provider = 'stripe'",
      [accountId],
    );
    return rows[0];
  }

  return {
    name: 'stripe',

    async chargeOffSession(request: ChargeRequest): Promise<ChargeResult> {
      const card = await savedCard(request.accountId);
      if (!card)
        return { ok: false, reason: 'no_payment_method', msg: 'the account has no saved payment method' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: card.customer_id,
            ...(card.payment_method_id ? { payment_method: card.payment_method_id } : {}),
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { ok: true, paymentIntentId: intent.id };
        // requires_action and friends: the bank wants the payer present.
        return {
          ok: false,
          reason:
            intent.status === 'requires_action' ? 'authentication_required' : `payment_${intent.status}`,
          msg: 'the saved card needs the payer to confirm the payment',
          paymentIntentId: intent.id,
        };
      } catch (error) {
        const e = asStripeError(error);
        if (e.type && PAYER_ERRORS.has(e.type)) {
          return {
            ok: false,
            reason: e.code ?? (e.type === 'StripeCardError' ? 'card_declined' : 'invalid_request'),
            msg: e.message ?? 'the saved payment method could not be charged',
            paymentIntentId: e.payment_intent?.id,
          };
        }
        // Refused connections never reached Stripe; anything else may have.
        throw backendError(
          error,
          e.type !== 'StripeAuthenticationError' && !/ECONNREFUSED/.test(e.message ?? ''),
        );
      }
    },

    async findCharge(request: ChargeRequest) {
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata['run_id']:'${request.metadata.run_id ?? ''}'`,
          limit: 10,
        });
        const intent = found.data.find((candidate) => candidate.status === 'succeeded') ?? found.data[0];
        return intent
          ? { found: true as const, paymentIntentId: intent.id, succeeded: intent.status === 'succeeded' }
          : { found: false as const };
      } catch (error) {
        throw backendError(error, false);
      }
    },

    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const card = await savedCard(request.accountId);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            ...(card ? { customer: card.customer_id } : {}),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.amountCents,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            metadata: request.metadata,
            payment_intent_data: { metadata: request.metadata },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new PaymentBackendError('stripe: checkout session has no url');
        return { id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentBackendError) throw error;
        throw backendError(error, false);
      }
    },

    async retrieveCheckoutSession(id: string): Promise<CheckoutState | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        const intent = session.payment_intent;
        return {
          id: session.id,
          status: sessionStatus(session.status),
          paid: session.payment_status === 'paid',
          amountCents: session.amount_total ?? 0,
          currency: session.currency ?? 'usd',
          paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
          metadata: (session.metadata ?? {}) as Record<string, string>,
        };
      } catch (error) {
        const e = asStripeError(error);
        if (e.type === 'StripeInvalidRequestError' && (e.code === 'resource_missing' || e.statusCode === 404))
          return null;
        throw backendError(error, false);
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            amount: request.amountCents,
            reason: 'requested_by_customer',
            metadata: { reason: request.reason.slice(0, 400) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new RefundRejectedError(`stripe refund ${refund.id} is ${refund.status}`);
        }
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof RefundRejectedError) throw error;
        const e = asStripeError(error);
        if (e.type === 'StripeInvalidRequestError') {
          throw new RefundRejectedError(`stripe: ${e.code ?? 'invalid_request'}: ${e.message ?? ''}`);
        }
        throw backendError(error, false);
      }
    },
  };
}
