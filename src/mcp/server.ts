// One MCP server per HTTP request (stateless mode), bound to the caller's key. Tool calls become
// run requests handed to the same pipeline as POST /run; its answers are mapped to tool results,
// its errors to tool errors that carry the contract's error code and msg.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { DELIVER_CHECKOUT, GET_JOB, LIST_SERVICES, runBody, serviceForTool, toolList } from './tools.ts';

/** What a tool call may do on behalf of the authenticated caller. */
export interface ToolBackend {
  readonly sptokPerUsd: number;
  /** Prices, payload fields and the caller's balance and tier (or the error, as a pipeline answer). */
  listServices(): Promise<Answer>;
  /** The run pipeline of POST /run, with the caller's key. */
  run(body: Record<string, unknown>): Promise<Answer>;
  /** GET /jobs/{job_id}, with the caller's key. */
  job(jobId: string): Promise<Answer>;
  /** POST /checkout/{session_id}/deliver, with the caller's key. */
  deliver(sessionId: string): Promise<Answer>;
}

/** A pipeline answer: the HTTP status and body the same call would have got from the API. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export const SERVER_INFO = { name: 'bizfn', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Business functions for China-related B2B trade (brand and risk checks, naming, buyer and supplier ' +
  'discovery, market and province decisions, reports). Call list_services first: it shows each tool’s ' +
  'price and the caller’s balance. Every tool call is billed like the HTTP API and refunded when it fails.';

function textResult(body: Record<string, unknown>, isError: boolean, lead?: string): CallToolResult {
  const json = JSON.stringify(body, null, 2);
  return {
    content: [{ type: 'text', text: lead ? `${lead}\n${json}` : json }],
    structuredContent: body,
    ...(isError ? { isError: true } : {}),
  };
}

/** A pipeline answer as a tool result: 2xx succeeds except an ok:false charge failure; the rest are errors. */
export function toToolResult(response: Answer): CallToolResult {
  const { status, body } = response;
  if (status === 202) {
    return textResult(
      body,
      false,
      `Job ${String(body.job_id)} queued; call ${GET_JOB} with this job_id for its status and result.`,
    );
  }
  if (status === 200 && body.ok === false) {
    // A declined saved card: nothing ran, nothing was charged; the user pays at checkout_url.
    return textResult(
      body,
      true,
      `Error ${String(body.error)}: the saved payment method was not charged and nothing was run. ` +
        `Ask the user to pay at ${String(body.checkout_url)}, then call ${DELIVER_CHECKOUT} with ` +
        `checkout_session_id ${String(body.checkout_session_id)}.`,
    );
  }
  // Deliveries, listings and job status objects (which carry no `ok`).
  if (status >= 200 && status < 300) return textResult(body, false);
  const detail = (body.detail ?? {}) as Record<string, unknown>;
  return textResult(body, true, `Error ${String(detail.error)} (HTTP ${status}): ${String(detail.msg)}`);
}

export function createMcpServer(backend: ToolBackend): Server {
  // The low-level Server rather than McpServer: McpServer validates arguments with its own zod
  // pass before the handler runs, and its errors carry no contract error code. Here the arguments
  // go untouched to the run pipeline, which validates them exactly as POST /run does.
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const tools = toolList(backend.sptokPerUsd);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    if (name === LIST_SERVICES) return toToolResult(await backend.listServices());
    if (name === GET_JOB) return toToolResult(await backend.job(String(args.job_id ?? '')));
    if (name === DELIVER_CHECKOUT)
      return toToolResult(await backend.deliver(String(args.checkout_session_id ?? '')));
    const service = serviceForTool(name);
    if (!service) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${name}"`);
    return toToolResult(await backend.run(runBody(service, args)));
  });

  return server;
}
