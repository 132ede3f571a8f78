// The MCP tool list, derived from the catalog: one tool per service (name from its code, input
// schema from its payload, price and billing in its description) plus list_services. Pure: no
// I/O, so the list and the argument split below are testable without a server.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { LANGS, SERVICES, type ServiceDefinition, sptokPrice } from '../catalog/index.ts';
import { IDEMPOTENCY_KEY, type JsonSchema, jsonSchemaOf } from '../openapi/index.ts';

export const LIST_SERVICES = 'list_services';
/** Follow-ups of the async and checkout flows, which an agent cannot reach without the HTTP API. */
export const GET_JOB = 'get_job';
export const DELIVER_CHECKOUT = 'deliver_checkout';
const HELPERS = [LIST_SERVICES, GET_JOB, DELIVER_CHECKOUT];

/** Run-request fields a tool takes beside the payload; the rest of the arguments is the payload. */
const ENVELOPE = ['idempotency_key', 'lang', 'async', 'callback_url'] as const;

/**
 * "verify.brand_check" -> "verify_brand_check". Dots are legal in the newest MCP naming rule, but
 * several clients still accept only [A-Za-z0-9_-]{1,64}, so the name keeps to that.
 */
export function toolName(code: string): string {
  return code.replace(/[^A-Za-z0-9_-]/g, '_');
}

const byToolName = new Map<string, ServiceDefinition>(
  SERVICES.map((service) => [toolName(service.code), service]),
);
if (byToolName.size !== SERVICES.length || HELPERS.some((name) => byToolName.has(name))) {
  throw new Error('two services map to the same MCP tool name');
}
for (const service of SERVICES) {
  const clash = ENVELOPE.find((field) => field in service.payload.shape);
  if (clash) throw new Error(`${service.code}: payload field "${clash}" clashes with a run-request field`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(toolName(service.code)))
    throw new Error(`${service.code}: bad tool name`);
}

export function serviceForTool(name: string): ServiceDefinition | undefined {
  return byToolName.get(name);
}

const usd = (cents: number) => `USD ${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

export function priceText(service: ServiceDefinition, sptokPerUsd: number): string {
  return service.pooled
    ? `Price: ${usd(service.usdCents)} = ${sptokPrice(service, sptokPerUsd)} spTok, pooled (drawn from the monthly spTok balance; volume discounts apply).`
    : `Price: ${usd(service.usdCents)}, standalone (charged to the saved payment method, not drawn from the spTok pool).`;
}

function description(service: ServiceDefinition, sptokPerUsd: number): string {
  const lines = [
    `${service.title.en} (${service.code}). ${service.summary}`,
    priceText(service, sptokPerUsd),
    service.note,
    'Every call either delivers its result or is refunded. Pass the same idempotency_key to retry without paying twice.',
  ];
  if (!service.pooled) {
    lines.push(
      'If the saved card is declined nothing is run or charged: the error carries a checkout_url for the user; ' +
        `once paid, ${DELIVER_CHECKOUT} returns the result.`,
    );
  }
  if (service.async) {
    lines.push(
      `Takes ${service.typicalDuration}: pass async: true to get a job_id at once instead of waiting, then ` +
        `poll ${GET_JOB}.`,
    );
  }
  lines.push(`Call ${LIST_SERVICES} first to see prices and the balance.`);
  return lines.join('\n');
}

function inputSchema(service: ServiceDefinition): Tool['inputSchema'] {
  const payload = jsonSchemaOf(service.payload, 'input');
  const properties: Record<string, JsonSchema> = {
    ...(payload.properties as Record<string, JsonSchema>),
    idempotency_key: {
      ...IDEMPOTENCY_KEY,
      description:
        'Optional, recommended (a uuid4): the same key replays the first result and never charges twice. ' +
        'Printable ASCII without spaces, at most 255 characters.',
    },
    lang: { type: 'string', enum: [...LANGS], default: 'zh', description: 'Output language' },
  };
  if (service.async) {
    properties.async = {
      type: 'boolean',
      default: false,
      description:
        'true: return a job_id and status_url at once; the result is fetched from status_url later',
    };
    properties.callback_url = {
      type: 'string',
      format: 'uri',
      description: 'With async: https URL that receives the signed result when the job ends',
    };
  }
  return { ...payload, type: 'object', properties };
}

const listCache = new Map<number, Tool[]>();

/** All tools: list_services first, one per service in catalog order, then the two follow-ups. */
export function toolList(sptokPerUsd: number): Tool[] {
  // Built once per rate: every MCP request gets a fresh server, and the schemas never change.
  let tools = listCache.get(sptokPerUsd);
  if (!tools) {
    tools = buildToolList(sptokPerUsd);
    listCache.set(sptokPerUsd, tools);
  }
  return tools;
}

function buildToolList(sptokPerUsd: number): Tool[] {
  const listServices: Tool = {
    name: LIST_SERVICES,
    title: 'List services, prices and balance',
    description:
      'Call this first. Lists every business function with its tool name, price (USD and spTok), whether it ' +
      'is pooled (monthly spTok balance) or standalone (card), its payload fields, and the caller’s current ' +
      'spTok balance and tier. Free.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { title: 'List services', readOnlyHint: true, openWorldHint: false },
  };
  const getJob: Tool = {
    name: GET_JOB,
    title: 'Async job status',
    description:
      'Status of a job started with async: true (queued, running, succeeded, failed) and, once it succeeded, ' +
      'its result. Free. A failed job was refunded.',
    inputSchema: {
      type: 'object',
      properties: {
        job_id: { type: 'string', pattern: '^job_', description: 'The job_id the tool returned' },
      },
      required: ['job_id'],
      additionalProperties: false,
    },
    annotations: { title: 'Async job status', readOnlyHint: true, openWorldHint: false },
  };
  const deliverCheckout: Tool = {
    name: DELIVER_CHECKOUT,
    title: 'Deliver after checkout',
    description:
      'After the user paid at the checkout_url of a declined standalone call: runs the function and returns ' +
      'its result. Nothing more is charged; repeat calls return the same result. Answers checkout_pending ' +
      'while the payment is not complete.',
    inputSchema: {
      type: 'object',
      properties: {
        checkout_session_id: { type: 'string', description: 'The checkout_session_id of the declined call' },
      },
      required: ['checkout_session_id'],
      additionalProperties: false,
    },
    annotations: {
      title: 'Deliver after checkout',
      readOnlyHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  };
  const services = SERVICES.map(
    (service): Tool => ({
      name: toolName(service.code),
      title: service.title.en,
      description: description(service, sptokPerUsd),
      inputSchema: inputSchema(service),
      // Not read-only: each call is billed, which clients may want to confirm with the user.
      annotations: {
        title: service.title.en,
        readOnlyHint: false,
        destructiveHint: false,
        openWorldHint: false,
      },
    }),
  );
  return [listServices, ...services, getJob, deliverCheckout];
}

/** Tool arguments -> the body of a run request, exactly as POST /run would receive it. */
export function runBody(service: ServiceDefinition, args: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const body: Record<string, unknown> = { service_code: service.code, payload };
  for (const [field, value] of Object.entries(args)) {
    if ((ENVELOPE as readonly string[]).includes(field)) body[field] = value;
    else payload[field] = value;
  }
  return body;
}
