// The API's own routes: POST /run and GET /services. Each parses, calls one domain function and
// maps the outcome; auth and rate limits ran in the onRequest hook.
import type { FastifyInstance } from 'fastify';
import { hasApiAccess } from '../../accounts/index.ts';
import { peekBalance } from '../../billing/index.ts';
import { payloadDoc, SERVICES, sptokPrice } from '../../catalog/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { executeRun } from '../../runs/index.ts';
import { type AppDeps, authOf } from '../app.ts';

export function registerBusinessRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/v1/business/run', async (request, reply) => {
    const outcome = await executeRun(deps, authOf(request), request.body);
    const body = outcome.body as { service_code?: string; ok?: boolean };
    deps.metrics.runs.inc({
      service_code: typeof body.service_code === 'string' ? body.service_code : 'unknown',
      outcome: outcome.status === 200 && body.ok === false ? 'charge_failed' : String(outcome.status),
    });
    if (outcome.headers) reply.headers(outcome.headers);
    return reply.status(outcome.status).send(outcome.body);
  });

  // The catalog part of the listing is the same for every caller: build it once.
  const services = SERVICES.map((service) => ({
    service_code: service.code,
    title: service.title,
    sptok: sptokPrice(service, deps.config.SPTOK_PER_USD),
    usd: service.usdCents / 100,
    category: service.category,
    pooled: service.pooled,
    async: service.async,
    payload_doc: payloadDoc(service),
    note: service.note,
  }));

  app.get('/api/v1/business/services', async (request) => {
    const auth = authOf(request);
    if (!auth.sandbox && !hasApiAccess(auth.tier)) {
      throw new ApiError(
        'tier_insufficient',
        `API access needs a max or business subscription; this account is ${auth.tier}`,
      );
    }
    const listing: Record<string, unknown> = {
      ok: true,
      tier: hasApiAccess(auth.tier) ? auth.tier : 'max',
      services,
    };
    if (auth.sandbox) {
      listing.sandbox = true;
    } else {
      const state = await peekBalance(
        deps.db,
        { id: auth.accountId, tier: auth.tier },
        deps.config,
        deps.clock.now(),
      );
      listing.balance_sptok = state.balance;
    }
    return listing;
  });
}
