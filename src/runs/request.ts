// Validation of a run request, in the order the design fixes: body, service_code, async,
// callback_url, lang, payload. Everything here happens before any money moves.
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ASYNC_CODES,
  findService,
  LANGS,
  type Lang,
  SERVICE_CODES,
  type ServiceDefinition,
} from '../catalog/index.ts';
import { ApiError } from '../lib/errors.ts';

export type CallbackGuard = (url: string) => Promise<{ ok: true } | { ok: false; reason: string }>;

export interface RunRequest {
  readonly service: ServiceDefinition;
  /** The payload after parsing: trimmed strings, defaults applied. */
  readonly payload: Record<string, unknown>;
  readonly lang: Lang;
  readonly idempotencyKey: string;
  /** True when the caller gave no key and the server made one up. */
  readonly generatedKey: boolean;
  readonly async: boolean;
  readonly callbackUrl: string | null;
  /** Fingerprint of everything that defines the call; a reused key must match it. */
  readonly requestHash: string;
}

const envelope = z
  .object({
    service_code: z.string({ error: 'service_code is required and must be a string' }),
    payload: z.unknown().optional(),
    lang: z.unknown().optional(),
    idempotency_key: z
      .string({ error: 'idempotency_key must be a string' })
      .min(1, 'idempotency_key must not be empty')
      .max(255, 'idempotency_key is at most 255 characters')
      .regex(/^[\x21-\x7e]+$/, 'idempotency_key must be printable ASCII without spaces')
      .optional(),
    async: z.boolean({ error: 'async must be a boolean' }).optional(),
    callback_url: z.string({ error: 'callback_url must be a string' }).max(2048).optional(),
  })
  .strict();

function describeIssue(issue: z.core.$ZodIssue, root?: string): string {
  const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
  const message =
    issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  return path ? `${path}: ${message}` : message;
}

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export async function parseRunRequest(body: unknown, guardCallback: CallbackGuard): Promise<RunRequest> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('invalid_request', 'the request body must be a JSON object');
  }
  const parsed = envelope.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      'invalid_request',
      parsed.error.issues.map((issue) => describeIssue(issue)).join('; '),
    );
  }
  const request = parsed.data;

  const service = findService(request.service_code);
  if (!service) {
    throw new ApiError('unknown_service_code', `unknown service_code "${request.service_code}"`, {
      available: SERVICE_CODES,
    });
  }
  const wantsAsync = request.async === true;
  if ((wantsAsync || request.callback_url !== undefined) && !service.async) {
    throw new ApiError(
      'async_not_supported',
      `${service.code} does not support ${wantsAsync ? 'async' : 'callback_url'}; only ${ASYNC_CODES.join(' and ')} do`,
      { supported: ASYNC_CODES },
    );
  }
  if (request.callback_url !== undefined) {
    if (!wantsAsync) throw new ApiError('invalid_request', 'callback_url is only used with async: true');
    const verdict = await guardCallback(request.callback_url);
    if (!verdict.ok) throw new ApiError('invalid_callback_url', `callback_url rejected: ${verdict.reason}`);
  }
  let lang: Lang = 'zh';
  if (request.lang !== undefined) {
    if (!LANGS.includes(request.lang as Lang)) {
      throw new ApiError('invalid_request', `lang must be one of ${LANGS.join(', ')}`);
    }
    lang = request.lang as Lang;
  }
  if (request.payload === undefined) {
    throw new ApiError('engine_rejected_input', 'payload is required', { field: 'payload' });
  }
  const payload = service.payload.safeParse(request.payload);
  if (!payload.success) {
    const first = payload.error.issues[0]!;
    throw new ApiError('engine_rejected_input', describeIssue(first, 'payload'), {
      field: ['payload', ...first.path].join('.'),
    });
  }

  const callbackUrl = request.callback_url ?? null;
  const requestHash = createHash('sha256')
    .update(
      canonicalJson({
        service_code: service.code,
        payload: payload.data,
        lang,
        async: wantsAsync,
        callbackUrl,
      }),
    )
    .digest('hex');
  return {
    service,
    payload: payload.data as Record<string, unknown>,
    lang,
    idempotencyKey: request.idempotency_key ?? randomUUID(),
    generatedKey: request.idempotency_key === undefined,
    async: wantsAsync,
    callbackUrl,
    requestHash,
  };
}
