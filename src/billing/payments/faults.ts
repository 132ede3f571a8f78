// Fault injection for drills: with BIZFN_FAULTS=payments:down every provider call fails as if the
// backend were unreachable, before anything is sent, so nothing is charged.
import { PaymentBackendError, type PaymentProvider } from './types.ts';

export function withPaymentsDown<P extends PaymentProvider>(provider: P): P {
  const down = async (): Promise<never> => {
    throw new PaymentBackendError('payment backend unavailable (fault injected: payments:down)', false);
  };
  return {
    ...provider,
    name: provider.name,
    chargeOffSession: down,
    createCheckoutSession: down,
    retrieveCheckoutSession: down,
    refund: down,
    findCharge: down,
  };
}
