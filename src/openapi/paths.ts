// The endpoints of the contract with every response. Error responses are declared as lists of
// codes from the closed list in lib/errors.ts; their statuses are looked up there, so the document
// cannot give a code a status the server does not use.
import { ASYNC_CODES, SERVICE_CODES } from '../catalog/index.ts';
import { ERROR_STATUS, type ErrorCode } from '../lib/errors.ts';
import { CONTENT_TYPES, REPORT_FORMATS, REPORT_KINDS } from '../reports/index.ts';
import { type JsonSchema, ref } from './schemas.ts';

/** Media type per downloadable format, as the download route sends it (without its charset). */
const REPORT_MEDIA_TYPES = Object.fromEntries(
  REPORT_FORMATS.map((format) => [format, CONTENT_TYPES[format].split(';')[0]!.trim()]),
);

/** Fields that some error codes add beside `error` and `msg` inside `detail`. */
const ERROR_EXTRAS: Partial<Record<ErrorCode, Record<string, JsonSchema>>> = {
  unknown_service_code: {
    available: {
      type: 'array',
      items: { type: 'string', enum: [...SERVICE_CODES] },
      description: 'Valid codes',
    },
  },
  async_not_supported: {
    supported: {
      type: 'array',
      items: { type: 'string', enum: [...ASYNC_CODES] },
      description: 'Codes with async',
    },
  },
  engine_rejected_input: {
    field: { type: 'string', description: 'The payload field at fault' },
    suggestions: { type: 'array', items: { type: 'string' }, description: 'Closest matches to retry with' },
    refunded: { type: 'boolean' },
  },
  insufficient_sptok: { need: { type: 'integer' }, have: { type: 'integer' } },
  checkout_pending: { checkout_url: { type: 'string', format: 'uri' } },
  rate_limited: {
    retry_after: { type: 'integer', description: 'Seconds' },
    limit_per_min: { type: 'integer' },
  },
};

const ERROR_TEXT: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'the body is not a valid run request',
  unknown_service_code: 'unknown service_code (detail.available lists the valid ones)',
  engine_rejected_input: 'payload rejected; any charge refunded',
  async_not_supported: 'async on a code without async support',
  invalid_callback_url: 'callback_url not https or private/loopback',
  invalid_api_key: 'missing, invalid or inactive API key',
  insufficient_sptok: 'balance too low (detail.need, detail.have)',
  volume_over_limit: 'more than 100000 calls this month; custom quote required',
  sandbox_quota_exceeded: 'sandbox quota used up (20 calls per function per month)',
  tier_insufficient: 'subscription lacks API access (max or business required)',
  idempotency_key_in_use: 'the first call with this key is still running',
  idempotency_key_mismatch: 'the key was used with another service_code or payload',
  rate_limited: 'too many requests; see Retry-After',
  engine_error: 'engine failed; any charge refunded; safe to retry',
  charge_backend_error: 'payment backend unavailable; nothing charged; safe to retry',
};

type Responses = Record<string, JsonSchema>;

/** Error responses for the given codes, one entry per status, each body narrowed to its codes. */
export function errorResponses(codes: readonly ErrorCode[]): Responses {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Responses = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const extras = Object.assign({}, ...statusCodes.map((code) => ERROR_EXTRAS[code] ?? {}));
    const description = statusCodes.map(
      (code) => `\`${code}\`${ERROR_TEXT[code] ? `: ${ERROR_TEXT[code]}` : ''}`,
    );
    const response: JsonSchema = {
      description: description.join('; '),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['detail'],
            properties: {
              detail: {
                type: 'object',
                required: ['error', 'msg'],
                properties: {
                  error: { type: 'string', enum: statusCodes },
                  msg: { type: 'string' },
                  ...extras,
                },
                additionalProperties: true,
              },
            },
          },
        },
      },
    };
    if (statusCodes.includes('rate_limited')) {
      response.headers = {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } },
      };
    }
    responses[String(status)] = response;
  }
  return responses;
}

const json = (schema: JsonSchema, description: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema } },
});

const pathParam = (
  name: string,
  description: string,
  schema: JsonSchema = { type: 'string' },
): JsonSchema => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** Codes every authenticated route can answer with. */
const AUTH: readonly ErrorCode[] = ['invalid_api_key'];

/** IETF RateLimit headers, on every answer to a key that passed authentication. */
const RATE_LIMIT_HEADERS: Record<string, JsonSchema> = {
  'RateLimit-Policy': {
    description: 'The key\'s quota: `"per-key";q=<requests>;w=<window seconds>`',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left: `"per-key";r=<remaining>;t=<seconds until the window frees up>`',
    schema: { type: 'string' },
  },
};

/** Adds the RateLimit headers to every response but 401 (refused before the key's limit is known). */
function withRateLimitHeaders(items: Record<string, JsonSchema>): Record<string, JsonSchema> {
  for (const item of Object.values(items)) {
    for (const operation of Object.values(item) as Array<{ responses: Record<string, JsonSchema> }>) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '401') continue;
        response.headers = { ...RATE_LIMIT_HEADERS, ...((response.headers as object | undefined) ?? {}) };
      }
    }
  }
  return items;
}

export function paths(): Record<string, JsonSchema> {
  return withRateLimitHeaders({
    '/api/v1/business/run': {
      post: {
        operationId: 'runBusinessFunction',
        summary: 'Run one of the business functions',
        description:
          'service_code selects the function and the payload schema. Pooled functions are billed in spTok ' +
          'from the monthly pool; standalone ones are charged to the saved payment method. A rejected input ' +
          'or an engine failure is refunded automatically. Repeating an idempotency_key replays the first ' +
          'result and never charges twice.',
        tags: ['business'],
        requestBody: { required: true, content: { 'application/json': { schema: ref('RunRequest') } } },
        responses: {
          '200': json(ref('RunResponse'), 'Delivered (ok true), or a standalone charge failed (ok false)'),
          '202': json(ref('AsyncAccepted'), `Async job queued (async true on ${ASYNC_CODES.join(' or ')})`),
          ...errorResponses([
            'invalid_request',
            'unknown_service_code',
            'engine_rejected_input',
            'async_not_supported',
            'invalid_callback_url',
            ...AUTH,
            'insufficient_sptok',
            'volume_over_limit',
            'sandbox_quota_exceeded',
            'tier_insufficient',
            'idempotency_key_in_use',
            'idempotency_key_mismatch',
            'rate_limited',
            'engine_error',
            'charge_backend_error',
          ]),
        },
      },
    },
    '/api/v1/business/jobs/{job_id}': {
      get: {
        operationId: 'getJob',
        summary: 'Status and result of an async job',
        description:
          'Works whether or not callback_url was set; the result stays here after callbacks are exhausted.',
        tags: ['business'],
        parameters: [
          pathParam('job_id', 'The job_id of the 202 response', { type: 'string', pattern: '^job_' }),
        ],
        responses: {
          '200': json(ref('JobStatus'), 'The job'),
          ...errorResponses([...AUTH, 'not_your_job', 'job_not_found', 'rate_limited']),
        },
      },
    },
    '/api/v1/business/services': {
      get: {
        operationId: 'listServices',
        summary: 'Service codes, prices and payload fields available to the calling key',
        tags: ['business'],
        responses: {
          '200': json(ref('ServicesListing'), 'The services'),
          ...errorResponses([...AUTH, 'tier_insufficient', 'rate_limited']),
        },
      },
    },
    '/api/v1/business/checkout/{session_id}/deliver': {
      post: {
        operationId: 'deliverCheckout',
        summary: 'Run a standalone function after its payment was completed at checkout_url',
        description: 'Same key as the original call. Idempotent: repeat calls replay the stored result.',
        tags: ['business'],
        parameters: [pathParam('session_id', 'The checkout_session_id of the ok:false response')],
        responses: {
          '200': json(ref('CheckoutDeliverResponse'), 'Paid and delivered'),
          ...errorResponses([
            'checkout_invalid',
            'engine_rejected_input',
            ...AUTH,
            'checkout_pending',
            'not_your_checkout',
            'unknown_checkout_session',
            'rate_limited',
            'engine_error',
          ]),
        },
      },
    },
    '/api/v1/business/reports/{kind}/{sig}/download': {
      get: {
        operationId: 'downloadReport',
        summary: 'Download a report file (use the download_urls of a report result)',
        description: 'Only the key that paid for the report may download it.',
        tags: ['business'],
        parameters: [
          pathParam('kind', 'Report kind', { type: 'string', enum: [...REPORT_KINDS] }),
          pathParam('sig', 'Signed report id from download_urls'),
          {
            name: 'fmt',
            in: 'query',
            required: false,
            description: 'File format',
            schema: { type: 'string', enum: [...REPORT_FORMATS], default: 'pdf' },
          },
        ],
        responses: {
          '200': {
            description: 'The file',
            content: Object.fromEntries(
              Object.values(REPORT_MEDIA_TYPES).map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          ...errorResponses([
            'bad_fmt',
            ...AUTH,
            'not_your_report',
            'unknown_report_kind',
            'report_not_found',
            'file_missing',
            'rate_limited',
          ]),
        },
      },
    },
  });
}
