// Payments: the provider chosen by PAYMENTS (local or stripe), built once at start, and our books
// of charges and refunds. Other folders use only what this file exports.
import type { Config } from '../../config/index.ts';
import type { Database } from '../../storage/index.ts';
import { withPaymentsDown } from './faults.ts';
import { createLocalProvider, type LocalProvider } from './local.ts';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export { createLocalProvider, type LocalProvider } from './local.ts';
export {
  type ChargeForRunResult,
  type ChargeInput,
  chargeForRun,
  DEFAULT_REFUND_SCHEDULE,
  getPayment,
  listRefunds,
  type PaymentRecord,
  processDueRefunds,
  type RefundRecord,
  reconcilePendingPayments,
  recordCheckoutPayment,
  refundNow,
  requestRefund,
  setStripeCustomer,
} from './records.ts';
export { createStripeProvider, type StripeProviderOptions } from './stripe.ts';
export * from './types.ts';

export interface Payments {
  provider: PaymentProvider;
  /** The local provider when PAYMENTS=local (the checkout page needs its extra calls). */
  local?: LocalProvider;
}

export interface PaymentsDeps {
  db: Database;
  config: Pick<Config, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'BIZFN_FAULTS'>;
  /** Absolute base URL of this service, for checkout pages and Stripe's return URL. */
  publicBaseUrl: () => string;
}

/** Builds the configured provider, with `payments:down` applied when that fault is set. */
export function createPayments(deps: PaymentsDeps): Payments {
  const down = deps.config.BIZFN_FAULTS.includes('payments:down');
  if (deps.config.PAYMENTS === 'stripe') {
    const stripe = createStripeProvider({
      db: deps.db,
      secretKey: deps.config.STRIPE_SECRET_KEY ?? '',
      apiBase: deps.config.STRIPE_API_BASE,
    });
    return { provider: down ? withPaymentsDown(stripe) : stripe };
  }
  const local = createLocalProvider({
    db: deps.db,
    checkoutBaseUrl: () => `${deps.publicBaseUrl()}/checkout`,
  });
  return { provider: down ? withPaymentsDown(local) : local, local: down ? withPaymentsDown(local) : local };
}
