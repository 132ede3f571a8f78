// A local HTTP fake of the few Stripe endpoints the Stripe provider calls, since no machine here
// reaches Stripe: PaymentIntents (create, search), Checkout Sessions (create, retrieve), Refunds.
// It honours Idempotency-Key like Stripe does and answers errors in Stripe's error shape.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type CardBehavior = 'succeed' | 'decline' | 'authenticate';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  status: 'succeeded' | 'requires_payment_method' | 'requires_action';
  metadata: Record<string, string>;
  amount_refunded: number;
}

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
}

export interface StripeFake {
  url: string;
  /** Card behaviour per Stripe customer id. */
  customers: Map<string, CardBehavior>;
  intents: Map<string, Intent>;
  sessions: Map<string, Session>;
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  requests: Array<{ method: string; path: string; idempotencyKey?: string | undefined }>;
  /** While set, every call answers 500 api_error (Stripe unwell). */
  down: boolean;
  /** While set, refunds answer 500 (so ours stay pending and are retried). */
  refundsDown: boolean;
  /** The payer pays at Stripe's hosted page. */
  completeSession(id: string): void;
  expireSession(id: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Stripe's form encoding, flattened: metadata[run_id] -> metadata.run_id. */
function parseForm(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(body)) out.set(key.replace(/\[([^\]]*)\]/g, '.$1'), value);
  return out;
}

function metadataOf(form: Map<string, string>, prefix = 'metadata.'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) if (key.startsWith(prefix)) metadata[key.slice(prefix.length)] = value;
  return metadata;
}

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startStripeFake(): Promise<StripeFake> {
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const fake: StripeFake = {
    url: '',
    customers: new Map(),
    intents: new Map(),
    sessions: new Map(),
    refunds: [],
    requests: [],
    down: false,
    refundsDown: false,
    completeSession(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        status: 'succeeded',
        metadata: session.metadata,
        amount_refunded: 0,
      };
      fake.intents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    },
    expireSession(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (session) session.status = 'expired';
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function handle(method: string, path: string, query: URLSearchParams, form: Map<string, string>) {
    if (fake.down) return stripeError(500, 'api_error', 'Stripe is having a bad day');
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = form.get('customer') ?? null;
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        customer,
        status: 'requires_payment_method',
        metadata: metadataOf(form),
        amount_refunded: 0,
      };
      if (!form.get('payment_method')) {
        return stripeError(
          400,
          'invalid_request_error',
          'You must provide a payment method to confirm off-session',
          {
            code: 'parameter_missing',
            param: 'payment_method',
          },
        );
      }
      const behavior = (customer && fake.customers.get(customer)) ?? 'decline';
      if (behavior === 'decline') {
        fake.intents.set(intent.id, intent);
        return stripeError(402, 'card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: 'generic_decline',
          payment_intent: intent,
        });
      }
      intent.status = behavior === 'succeed' ? 'succeeded' : 'requires_action';
      fake.intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const runId = /metadata\['run_id'\]:'([^']*)'/.exec(query.get('query') ?? '')?.[1];
      const data = [...fake.intents.values()].filter((intent) => runId && intent.metadata.run_id === runId);
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: path } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items.0.price_data.unit_amount')),
        currency: form.get('line_items.0.price_data.currency') ?? 'usd',
        customer: form.get('customer') ?? null,
        metadata: metadataOf(form),
        payment_intent: null,
      };
      fake.sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = fake.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) {
        return stripeError(404, 'invalid_request_error', 'No such checkout.session', {
          code: 'resource_missing',
        });
      }
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (fake.refundsDown) return stripeError(500, 'api_error', 'refunds are unavailable');
      const intent = fake.intents.get(form.get('payment_intent') ?? '');
      const amount = Number(form.get('amount') ?? intent?.amount);
      if (intent?.status !== 'succeeded') {
        return stripeError(400, 'invalid_request_error', 'No such payment_intent', {
          code: 'resource_missing',
        });
      }
      if (intent.amount_refunded + amount > intent.amount) {
        return stripeError(400, 'invalid_request_error', 'Refund exceeds charge', {
          code: 'charge_already_refunded',
        });
      }
      intent.amount_refunded += amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      fake.refunds.push(refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const key = req.headers['idempotency-key'] as string | undefined;
      fake.requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key });
      const cacheKey = key ? `${req.method} ${url.pathname} ${key}` : undefined;
      let answer = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (!answer) {
        answer = handle(
          req.method ?? '',
          url.pathname,
          url.searchParams,
          parseForm(Buffer.concat(chunks).toString()),
        );
        // Like Stripe: results are saved once the endpoint ran, 5xx excepted so a retry can run.
        if (cacheKey && answer.status < 500) idempotent.set(cacheKey, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
