// The MCP endpoint at /mcp: Streamable HTTP in stateless mode with JSON responses, one server and
// transport per POST. The app's onRequest hook has already resolved the Bearer key and applied the
// key's rate limit; this route checks the Origin and hands the raw Node req/res to the SDK.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../accounts/index.ts';
import type { AppDeps } from '../http/app.ts';
import { ApiError } from '../lib/errors.ts';
import { executeRun, type RunDeps } from '../runs/index.ts';
import { isStandalone } from '../runs/standalone.ts';
import { listServices } from './listing.ts';
import { type Answer, createMcpServer, type ToolBackend } from './server.ts';

export const MCP_PATH = '/mcp';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Origins a browser may call from: the service's own public origin and, when that is a loopback
 * address, its other loopback spellings. Fixed from configuration, never from the Host header,
 * which a DNS-rebinding page controls.
 */
export function allowedOrigins(publicBaseUrl: string): Set<string> {
  const base = new URL(publicBaseUrl);
  const origins = new Set([base.origin]);
  if (LOOPBACK.has(base.hostname)) {
    for (const host of LOOPBACK) origins.add(`${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`);
  }
  return origins;
}

function checkOrigin(request: FastifyRequest, deps: RunDeps): void {
  const origin = request.headers.origin;
  // Non-browser clients send no Origin; the Bearer key already authenticates them.
  if (origin === undefined) return;
  if (!allowedOrigins(deps.publicBaseUrl()).has(origin)) {
    throw new ApiError('forbidden_origin', `Origin ${origin} may not call ${MCP_PATH}`);
  }
}

/** A pipeline call with its thrown ApiErrors turned into answers, as the app's error handler does. */
async function answer(deps: RunDeps, what: string, call: () => Promise<Answer>): Promise<Answer> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.toBody() };
    deps.log.error({ err: error, tool: what }, 'MCP tool call failed');
    const internal = new ApiError('internal_error', 'internal error; any charge is refunded');
    return { status: internal.status, body: internal.toBody() };
  }
}

function backendFor(deps: AppDeps, auth: AuthContext): ToolBackend {
  const standalone = () => {
    if (!isStandalone(deps.standalone)) {
      throw new ApiError('job_not_found', 'async jobs and checkouts are not enabled on this server');
    }
    return deps.standalone;
  };
  return {
    sptokPerUsd: deps.config.SPTOK_PER_USD,
    listServices: () =>
      answer(deps, 'list_services', async () => ({ status: 200, body: await listServices(deps, auth) })),
    run: async (body) => {
      const outcome = await answer(deps, String(body.service_code), () => executeRun(deps, auth, body));
      // The same run counter as POST /run, so dashboards see tool calls too.
      deps.metrics.runs.inc({
        service_code: String(body.service_code),
        outcome:
          outcome.status === 200 && outcome.body.ok === false ? 'charge_failed' : String(outcome.status),
      });
      return outcome;
    },
    job: (jobId) => answer(deps, 'get_job', () => standalone().job(deps, auth, jobId)),
    deliver: (sessionId) =>
      answer(deps, 'deliver_checkout', () => standalone().deliver(deps, auth, sessionId)),
  };
}

async function handle(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  checkOrigin(request, deps);
  const auth = request.auth;
  if (!auth) throw new ApiError('invalid_api_key', 'missing API key');
  const server = createMcpServer(backendFor(deps, auth));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  // From here the SDK writes the response itself; keep the headers the hooks set (request id, rate limits).
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}

export function registerMcpRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(MCP_PATH, (request, reply) => handle(deps, request, reply));
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    handler: async (request, reply) => {
      checkOrigin(request, deps);
      reply.header('Allow', 'POST');
      throw new ApiError('method_not_allowed', `${MCP_PATH} takes POST only (stateless Streamable HTTP)`);
    },
  });
}
