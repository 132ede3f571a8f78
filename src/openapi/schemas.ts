// Component schemas of the OpenAPI document, derived from the catalog: one payload, result, run
// request and run response per service, plus the shared envelopes of the contract. Nothing here
// names a service code; every per-service schema comes from a loop over SERVICES.
import { z } from 'zod';
import { ASYNC_CODES, LANGS, SERVICE_CODES, SERVICES, type ServiceDefinition } from '../catalog/index.ts';
import { ERROR_STATUS } from '../lib/errors.ts';

export type JsonSchema = { [key: string]: unknown };

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** "report.target_list_export" -> "ReportTargetListExport": a component-name stem per service. */
export function componentStem(code: string): string {
  return code
    .split(/[._]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` marker. A
 * catalog schema JSON Schema cannot express (a date, a transform) throws, so it cannot slip through.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

/** The run request's idempotency_key, as the pipeline's envelope bounds it; MCP tools take the same. */
export const IDEMPOTENCY_KEY: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
  description:
    'Strongly recommended (uuid4). The same key replays the first result and never charges twice; ' +
    'server-generated when absent. Printable ASCII without spaces.',
};

const sandboxFields: Record<string, JsonSchema> = {
  sandbox: {
    type: 'boolean',
    const: true,
    description: 'Present on sandbox-key calls: example data, free of charge',
  },
  sandbox_note: { type: 'string', description: 'Sandbox usage (free calls left this month)' },
};

/** The run request of one service: its payload schema under the common envelope fields. */
function runRequest(service: ServiceDefinition, stem: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    service_code: { type: 'string', const: service.code },
    payload: ref(`${stem}Payload`),
    lang: { type: 'string', enum: [...LANGS], default: 'zh', description: 'Output language' },
    idempotency_key: IDEMPOTENCY_KEY,
  };
  if (service.async) {
    properties.async = {
      type: 'boolean',
      default: false,
      description: 'Return 202 with a job at once instead of waiting for the result',
    };
    properties.callback_url = {
      type: 'string',
      format: 'uri',
      maxLength: 2048,
      description:
        'With async true only: https URL that receives the signed job completion callback; no private or ' +
        'loopback address',
    };
  } else {
    properties.async = {
      type: 'boolean',
      const: false,
      description: `Not supported by this function (400 async_not_supported); only ${ASYNC_CODES.join(', ')}`,
    };
  }
  return {
    type: 'object',
    title: `Run ${service.code}`,
    description: `${service.title.en}: ${service.summary}`,
    required: ['service_code', 'payload'],
    properties,
    additionalProperties: false,
  };
}

/** The 200 body of one service when it delivered: pooled (spTok) or standalone (card) charge fields. */
function runSuccess(service: ServiceDefinition, stem: string): JsonSchema {
  const common: Record<string, JsonSchema> = {
    ok: { type: 'boolean', const: true },
    service_code: { type: 'string', const: service.code },
    result: ref(`${stem}Result`),
    idempotency_key: { type: 'string' },
    replayed: {
      type: 'boolean',
      description: 'true when the key was already processed; nothing charged again',
    },
    ...sandboxFields,
  };
  if (service.pooled) {
    return {
      type: 'object',
      title: `${service.code} result (pooled)`,
      required: ['ok', 'service_code', 'result', 'sptok_charged', 'idempotency_key'],
      properties: {
        ...common,
        sptok_charged: { type: 'integer', minimum: 0, description: 'spTok drawn from the monthly pool' },
        price_charged_usd_reference: {
          type: 'number',
          minimum: 0,
          description: 'Reference USD price charged',
        },
        volume_discount_factor: {
          type: 'number',
          enum: [1, 0.9, 0.8],
          description: 'By monthly cumulative calls: 1.0 up to 1000, 0.9 up to 10000, 0.8 up to 100000',
        },
      },
    };
  }
  return {
    type: 'object',
    title: `${service.code} result (standalone)`,
    required: ['ok', 'service_code', 'result', 'usd_charged', 'payment_intent_id'],
    properties: {
      ...common,
      usd_charged: { type: 'number', minimum: 0, description: 'Charged to the saved payment method' },
      payment_intent_id: { type: 'string' },
    },
  };
}

/** A sandbox call of a standalone service: free example data, billed like a pooled call of 0 spTok. */
function sandboxStandaloneSuccess(service: ServiceDefinition, stem: string): JsonSchema {
  return {
    type: 'object',
    title: `${service.code} result (sandbox)`,
    required: ['ok', 'service_code', 'result', 'sptok_charged', 'idempotency_key', 'sandbox'],
    properties: {
      ok: { type: 'boolean', const: true },
      service_code: { type: 'string', const: service.code },
      result: ref(`${stem}Result`),
      sptok_charged: { type: 'integer', const: 0 },
      price_charged_usd_reference: { type: 'number', const: 0 },
      volume_discount_factor: { type: 'number' },
      idempotency_key: { type: 'string' },
      replayed: { type: 'boolean' },
      ...sandboxFields,
    },
  };
}

const chargeFailed: JsonSchema = {
  type: 'object',
  title: 'Automatic charge failed',
  description:
    'Standalone services only: the saved payment method could not be charged. Nothing was run and nothing ' +
    'was charged; pay at checkout_url, then POST deliver_url with the same key.',
  required: ['ok', 'error'],
  properties: {
    ok: { type: 'boolean', const: false },
    error: { type: 'string', const: 'offsession_charge_failed' },
    reason: { type: 'string' },
    detail: { type: 'string' },
    msg: { type: 'string' },
    checkout_url: { type: 'string', format: 'uri', description: 'Where the user completes payment' },
    checkout_session_id: { type: 'string', description: 'Passed to the deliver endpoint' },
    deliver_url: { type: 'string', format: 'uri', description: 'POST here with the same key after payment' },
    idempotency_key: { type: 'string' },
    replayed: { type: 'boolean' },
  },
};

const asyncAccepted: JsonSchema = {
  type: 'object',
  title: 'Async job accepted',
  required: ['ok', 'job_id', 'status', 'status_url'],
  properties: {
    ok: { type: 'boolean', const: true },
    async: { type: 'boolean', const: true },
    job_id: { type: 'string', pattern: '^job_' },
    status: { type: 'string', const: 'queued' },
    service_code: { type: 'string', enum: [...ASYNC_CODES] },
    idempotency_key: { type: 'string' },
    status_url: { type: 'string', format: 'uri', description: 'GET this for the job status' },
    usd_charged: { type: 'number', minimum: 0, description: 'Charging has already happened' },
    payment_intent_id: { type: 'string' },
    replayed: { type: 'boolean', description: 'The key already has a job: job_id is the original one' },
    callback_secret: {
      type: 'string',
      description: 'Signs the callback; only when callback_url was set, shown once',
    },
    ...sandboxFields,
  },
};

const timestamp: JsonSchema = { type: 'string', format: 'date-time', description: 'ISO 8601, UTC' };
/** A timestamp that is null until its event happened (a queued job has not started). */
const laterTimestamp: JsonSchema = {
  type: ['string', 'null'],
  format: 'date-time',
  description: 'ISO 8601, UTC; null until then',
};

function jobStatus(): JsonSchema {
  const asyncServices = SERVICES.filter((service) => service.async);
  return {
    type: 'object',
    title: 'Job status',
    required: ['job_id', 'service_code', 'status'],
    properties: {
      job_id: { type: 'string', pattern: '^job_' },
      service_code: { type: 'string', enum: [...ASYNC_CODES] },
      status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
      idempotency_key: { type: 'string' },
      created_at: timestamp,
      started_at: laterTimestamp,
      finished_at: laterTimestamp,
      result: {
        description: 'Present when status is succeeded',
        anyOf: asyncServices.map((service) => ref(`${componentStem(service.code)}Result`)),
      },
      error: {
        type: 'object',
        description: 'Present when status is failed; any charge was refunded',
        required: ['error', 'msg'],
        properties: { error: { type: 'string' }, msg: { type: 'string' } },
      },
      usd_charged: { type: 'number', minimum: 0 },
      payment_intent_id: { type: ['string', 'null'] },
      refunded: { type: 'boolean' },
      callback_status: {
        type: 'string',
        enum: ['none', 'pending', 'delivered', 'failed', 'exhausted'],
        description:
          'Only when callback_url was set; exhausted: all 8 attempts failed, the result stays here',
      },
      callback_attempts: { type: 'integer', minimum: 0 },
    },
  };
}

function checkoutDeliver(): JsonSchema {
  const standalone = SERVICES.filter((service) => !service.pooled);
  return {
    type: 'object',
    title: 'Checkout delivered',
    required: ['ok', 'service_code', 'result', 'idempotency_key'],
    properties: {
      ok: { type: 'boolean', const: true },
      service_code: { type: 'string', enum: standalone.map((service) => service.code) },
      result: { anyOf: standalone.map((service) => ref(`${componentStem(service.code)}Result`)) },
      usd_charged: { type: 'number', minimum: 0 },
      paid_via: { type: 'string', const: 'checkout' },
      checkout_session_id: { type: 'string' },
      payment_intent_id: { type: 'string' },
      idempotency_key: { type: 'string' },
      replayed: { type: 'boolean' },
    },
  };
}

const servicesListing: JsonSchema = {
  type: 'object',
  title: 'Services listing',
  required: ['ok', 'tier', 'services'],
  properties: {
    ok: { type: 'boolean', const: true },
    tier: { type: 'string', enum: ['business', 'max'], description: 'Tier of the calling key' },
    sandbox: { type: 'boolean', description: 'The calling key is a sandbox key' },
    balance_sptok: { type: 'integer', description: 'spTok balance of the account (live keys only)' },
    services: {
      type: 'array',
      items: {
        type: 'object',
        required: ['service_code', 'sptok', 'usd', 'category', 'payload_doc', 'note'],
        properties: {
          service_code: { type: 'string', enum: [...SERVICE_CODES] },
          title: {
            type: 'object',
            required: ['zh', 'en'],
            properties: { zh: { type: 'string' }, en: { type: 'string' } },
          },
          pooled: { type: 'boolean', description: 'Billed from the spTok pool; false: standalone (card)' },
          async: { type: 'boolean', description: 'Accepts async: true' },
          sptok: { type: 'integer', minimum: 0 },
          usd: { type: 'number', minimum: 0 },
          category: { type: 'string' },
          payload_doc: { type: 'object', additionalProperties: { type: 'string' } },
          note: { type: 'string' },
        },
      },
    },
  },
};

/** The error body of the contract; `error` is one code of the closed list. */
const errorBody: JsonSchema = {
  type: 'object',
  title: 'Error',
  required: ['detail'],
  properties: {
    detail: {
      type: 'object',
      required: ['error', 'msg'],
      properties: {
        error: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        msg: { type: 'string' },
      },
      additionalProperties: true,
    },
  },
};

/** All component schemas, keyed by name. */
export function componentSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  const requests: JsonSchema[] = [];
  const mapping: Record<string, string> = {};
  const successes: JsonSchema[] = [];
  for (const service of SERVICES) {
    const stem = componentStem(service.code);
    schemas[`${stem}Payload`] = {
      ...jsonSchemaOf(service.payload, 'input'),
      title: `${service.code} payload`,
    };
    schemas[`${stem}Result`] = { ...jsonSchemaOf(service.result, 'output'), title: `${service.code} result` };
    schemas[`${stem}RunRequest`] = runRequest(service, stem);
    schemas[`${stem}RunResponse`] = runSuccess(service, stem);
    requests.push(ref(`${stem}RunRequest`));
    mapping[service.code] = `#/components/schemas/${stem}RunRequest`;
    successes.push(ref(`${stem}RunResponse`));
    if (!service.pooled) {
      schemas[`${stem}SandboxRunResponse`] = sandboxStandaloneSuccess(service, stem);
      successes.push(ref(`${stem}SandboxRunResponse`));
    }
  }
  schemas.RunRequest = {
    description: 'service_code selects the function and the schema of payload.',
    oneOf: requests,
    discriminator: { propertyName: 'service_code', mapping },
  };
  schemas.ChargeFailed = chargeFailed;
  schemas.RunResponse = { oneOf: [...successes, ref('ChargeFailed')] };
  schemas.AsyncAccepted = asyncAccepted;
  schemas.JobStatus = jobStatus();
  schemas.CheckoutDeliverResponse = checkoutDeliver();
  schemas.ServicesListing = servicesListing;
  schemas.Error = errorBody;
  return schemas;
}
