// The fastify application: request ids, bearer auth and per-key rate limits for the API and MCP,
// the admin token for /admin, one error mapping to the contract's body, and the routes.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type AuthContext, type Authenticator, bearerToken } from '../accounts/index.ts';
import { ApiError } from '../lib/errors.ts';
import { registerMcpRoutes } from '../mcp/index.ts';
import type { RunDeps } from '../runs/index.ts';
import { type Metrics, registerMetrics } from './metrics.ts';
import { checkRate, type RateLimitStore } from './ratelimit/index.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerBusinessRoutes } from './routes/business.ts';
import { registerStandaloneRoutes } from './routes/checkout.ts';
import { registerDeveloperRoutes } from './routes/developer.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerReportRoutes } from './routes/reports.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export interface AppDeps extends RunDeps {
  readonly rateLimits: RateLimitStore;
  readonly authenticator: Authenticator;
  readonly adminToken: string;
  readonly metrics: Metrics;
  /** Flips to true once the service can answer (demo data loaded, workers started). */
  readonly ready: () => boolean;
}

export const BODY_LIMIT = 1024 * 1024;

const KEYED_PREFIXES = ['/api/v1/business/', '/mcp'];

function needsKey(url: string): boolean {
  return KEYED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Fastify's own errors (bad JSON, wrong content type, body too large) in the contract's shape. */
function fromFastifyError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('invalid_request', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('invalid_request', `the request body is larger than ${BODY_LIMIT} bytes`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_request', 'the request body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_request', 'Content-Length does not match the body');
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return new ApiError('invalid_request', 'the request body is not valid JSON');
      }
      if (error.statusCode === 400 || error.validation) return new ApiError('invalid_request', error.message);
      return undefined;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // The service's logger is pino, which is what fastify expects here.
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    genReqId: () => `req_${randomBytes(8).toString('hex')}`,
    // Per-request lines cost more than they tell at this rate; metrics carry the counts.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.startsWith('/admin/')) {
      const token = bearerToken(request.headers.authorization);
      if (!token || !sameSecret(token, deps.adminToken)) {
        throw new ApiError('invalid_admin_token', 'missing or wrong admin token');
      }
      return;
    }
    if (!needsKey(request.url)) return;
    const key = bearerToken(request.headers.authorization);
    const auth = key ? await deps.authenticator.authenticate(key) : undefined;
    if (!auth) throw new ApiError('invalid_api_key', 'missing, unknown or revoked API key');
    request.auth = auth;
    const rate = await checkRate(deps.rateLimits, auth, deps.config, Date.now());
    reply.headers(rate.headers);
    if (!rate.allowed) {
      reply.header('Retry-After', String(rate.resetSeconds));
      throw new ApiError('rate_limited', `more than ${rate.limit} requests in 60 seconds for this key`, {
        retry_after: rate.resetSeconds,
        limit_per_min: rate.limit,
      });
    }
  });

  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    const known = error instanceof ApiError ? error : fromFastifyError(error as FastifyError);
    if (known) {
      if (known.status >= 500) request.log.warn({ err: known, req_id: request.id }, known.code);
      return reply.status(known.status).send(known.toBody());
    }
    request.log.error({ err: error, req_id: request.id, url: request.url }, 'unhandled error');
    const internal = new ApiError('internal_error', `internal error; quote request id ${request.id}`);
    return reply.status(internal.status).send(internal.toBody());
  });

  app.setNotFoundHandler(async (request, reply) => {
    const error = new ApiError('not_found', `no route ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(error.status).send(error.toBody());
  });

  registerMetrics(app, deps.metrics);
  registerHealthRoutes(app, deps);
  registerBusinessRoutes(app, deps);
  registerStandaloneRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerDeveloperRoutes(app, {
    serverUrl: deps.config.PUBLIC_BASE_URL,
    sptokPerUsd: deps.config.SPTOK_PER_USD,
  });
  registerMcpRoutes(app, deps);
  return app;
}

/** The caller of a keyed route; the onRequest hook guarantees it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError('invalid_api_key', 'missing API key');
  return request.auth;
}
