// Operator routes for card money (under /admin, so the admin token guards them): the refunds still
// owed, with their attempts and last error, and the link from an account to its Stripe customer.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getAccount } from '../../accounts/index.ts';
import { listRefunds, setStripeCustomer } from '../../billing/payments/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { iso } from '../../lib/time.ts';
import type { AppDeps } from '../app.ts';

const refundQuery = z.object({ status: z.enum(['pending', 'succeeded']).optional() }).strict();
const stripeCustomer = z
  .object({
    customer_id: z.string().regex(/^cus_[A-Za-z0-9]+$/, 'customer_id is a Stripe customer id (cus_...)'),
    payment_method_id: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]+$/, 'payment_method_id is a Stripe payment method id (pm_...)')
      .nullable()
      .default(null),
  })
  .strict();

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success)
    throw new ApiError('invalid_request', parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

export function registerPaymentAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/admin/v1/refunds', async (request) => {
    const { status } = parse(refundQuery, request.query);
    const refunds = await listRefunds(deps.db, status);
    return {
      refunds: refunds.map((refund) => ({
        ...refund,
        usd: refund.amount_cents / 100,
        next_attempt_at: refund.status === 'pending' ? iso(refund.next_attempt_at) : null,
        created_at: iso(refund.created_at),
      })),
    };
  });

  app.put<{ Params: { account_id: string } }>(
    '/admin/v1/accounts/:account_id/stripe-customer',
    async (request) => {
      if (deps.config.PAYMENTS !== 'stripe') {
        throw new ApiError('invalid_request', 'a Stripe customer is only used with PAYMENTS=stripe');
      }
      const body = parse(stripeCustomer, request.body);
      const account = await getAccount(deps.db, request.params.account_id);
      await setStripeCustomer(deps.db, {
        accountId: account.id,
        customerId: body.customer_id,
        paymentMethodId: body.payment_method_id,
      });
      return {
        account_id: account.id,
        customer_id: body.customer_id,
        payment_method_id: body.payment_method_id,
      };
    },
  );
}
