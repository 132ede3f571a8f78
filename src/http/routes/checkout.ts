// Checkout: the API's deliver endpoint (POST /api/v1/business/checkout/{id}/deliver, keyed) and the
// local payment provider's pages (GET /checkout/{id}, POST /checkout/{id}/pay, GET /checkout/return),
// which stand in for a card processor's hosted checkout and are labelled as test payments.
import type { FastifyInstance } from 'fastify';
import type { CheckoutState } from '../../billing/payments/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { isStandalone, type Standalone } from '../../runs/standalone.ts';
import { type AppDeps, authOf } from '../app.ts';
import { registerJobRoutes } from './jobs.ts';
import { registerPaymentAdminRoutes } from './payments-admin.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}
.test{background:#fff3cd;border:1px solid #e0c36a;padding:.75rem 1rem;border-radius:.4rem;font-weight:600}
.amount{font-size:2rem;margin:.5rem 0}button{font-size:1.1rem;padding:.6rem 1.6rem;border-radius:.4rem;border:0;
background:#1a7f37;color:#fff;cursor:pointer}code{background:#f3f3f3;padding:.1rem .3rem}</style></head>
<body>${body}</body></html>`;
}

const TEST_BANNER =
  '<p class="test">TEST PAYMENT: this is the bizfn local payment provider. No card is asked for and no money moves.</p>';

function checkoutPage(state: CheckoutState & { description: string }): string {
  const amount = `$${(state.amountCents / 100).toFixed(2)} ${state.currency.toUpperCase()}`;
  const action =
    state.status === 'open'
      ? `<form method="post" action="/checkout/${escapeHtml(state.id)}/pay"><button type="submit">Pay ${amount} (test)</button></form>`
      : state.status === 'complete'
        ? '<p><strong>Paid.</strong> Go back to your application and POST its <code>deliver_url</code> with the same API key.</p>'
        : '<p><strong>This checkout expired.</strong> Call the service again for a new one.</p>';
  return page(
    'bizfn checkout (test payment)',
    `${TEST_BANNER}<h1>Checkout</h1><p>${escapeHtml(state.description)}</p><p class="amount">${amount}</p>
<p>Session <code>${escapeHtml(state.id)}</code></p>${action}`,
  );
}

function localProvider(deps: AppDeps) {
  const local = isStandalone(deps.standalone) ? deps.standalone.context(deps).payments.local : undefined;
  if (!local) throw new ApiError('not_found', 'checkout pages are served only by the local payment provider');
  return local;
}

function standaloneOf(deps: AppDeps): Standalone {
  if (!isStandalone(deps.standalone)) {
    throw new ApiError('unknown_checkout_session', 'standalone billing is not enabled on this server');
  }
  return deps.standalone;
}

export function registerCheckoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Params: { session_id: string } }>(
    '/api/v1/business/checkout/:session_id/deliver',
    async (request, reply) => {
      const outcome = await standaloneOf(deps).deliver(deps, authOf(request), request.params.session_id);
      return reply.status(outcome.status).send(outcome.body);
    },
  );

  // The hosted pages live in their own scope: the Pay form posts urlencoded, which only they accept.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );

    scope.get('/checkout/return', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Payment received',
            '<h1>Payment received</h1><p>Go back to your application and POST its <code>deliver_url</code> with the same API key.</p>',
          ),
        ),
    );

    scope.get<{ Params: { session_id: string } }>('/checkout/:session_id', async (request, reply) => {
      const state = await localProvider(deps).describeCheckout(request.params.session_id);
      if (!state)
        throw new ApiError('unknown_checkout_session', `no checkout session ${request.params.session_id}`);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(checkoutPage(state));
    });

    scope.post<{ Params: { session_id: string } }>('/checkout/:session_id/pay', async (request, reply) => {
      const local = localProvider(deps);
      const state = await local.payCheckout(request.params.session_id);
      if (!state)
        throw new ApiError('unknown_checkout_session', `no checkout session ${request.params.session_id}`);
      if (state.status === 'expired')
        throw new ApiError('checkout_invalid', 'this checkout session expired unpaid');
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (wantsHtml) {
        const described = await local.describeCheckout(state.id);
        return reply
          .type('text/html; charset=utf-8')
          .send(checkoutPage(described ?? { ...state, description: '' }));
      }
      return reply.send({
        ok: true,
        test_payment: true,
        checkout_session_id: state.id,
        status: state.status,
        paid: state.paid,
        usd_paid: state.amountCents / 100,
        payment_intent_id: state.paymentIntentId,
      });
    });
  });
}

/** Everything standalone billing serves: deliver, job status, checkout pages and operator routes. */
export function registerStandaloneRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCheckoutRoutes(app, deps);
  registerJobRoutes(app, deps);
  registerPaymentAdminRoutes(app, deps);
}
