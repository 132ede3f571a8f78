// The payment provider interface, after medusa's payment module: a built-in local provider and a
// Stripe one behind the same five calls. Provider errors are translated at this boundary into
// outcomes (a declined card) or PaymentBackendError (the backend could not be asked).

export type ProviderName = 'local' | 'stripe';

export interface ChargeRequest {
  accountId: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** The same key always names the same charge at the provider, so a retry never charges twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type ChargeResult =
  | { ok: true; paymentIntentId: string }
  | {
      ok: false;
      /** Machine-readable: card_declined, no_payment_method, authentication_required, invalid_request, ... */
      reason: string;
      msg: string;
      paymentIntentId?: string | undefined;
    };

export interface CheckoutRequest {
  accountId: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** Where a hosted checkout sends the payer afterwards (Stripe needs one). */
  returnUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  metadata: Record<string, string>;
}

export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  reason: string;
}

export interface RefundResult {
  refundId: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Charges the account's saved payment method without the payer present. */
  chargeOffSession(request: ChargeRequest): Promise<ChargeResult>;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** null when the provider does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutState | null>;
  /** Resolves once the provider has accepted the refund; throws when it could not be made. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * The off-session charge made with this request, if any, without making one: how the reconciler
   * learns what happened to a charge whose answer was lost. Throws PaymentBackendError while the
   * backend is down.
   */
  findCharge(
    request: ChargeRequest,
  ): Promise<{ found: false } | { found: true; paymentIntentId: string; succeeded: boolean }>;
}

/**
 * The payment backend could not be asked (unreachable, time-out, 5xx, bad credentials). For a
 * charge the caller answers 502 charge_backend_error; for a refund it retries later.
 */
export class PaymentBackendError extends Error {
  override readonly name = 'PaymentBackendError';

  constructor(
    msg: string,
    /** The request may have reached the backend (a time-out, a dropped answer): the charge is unknown. */
    readonly maybeCharged = false,
  ) {
    super(msg);
  }
}

/** The provider refused a refund for a reason retrying will not fix by itself. */
export class RefundRejectedError extends Error {
  override readonly name = 'RefundRejectedError';
}
