// The job completion callback as an OpenAPI 3.1 webhook: what an async call's callback_url
// receives when its job ends, with the signature headers a receiver must check.
import { SERVICES } from '../catalog/index.ts';
import { componentStem, type JsonSchema, ref } from './schemas.ts';

const asyncServices = SERVICES.filter((service) => service.async);

const common: Record<string, JsonSchema> = {
  job_id: { type: 'string', pattern: '^job_' },
  service_code: { type: 'string', enum: asyncServices.map((service) => service.code) },
  idempotency_key: { type: 'string' },
  payment_intent_id: { type: ['string', 'null'] },
  finished_at: { type: ['string', 'null'], format: 'date-time' },
};

export function webhookSchemas(): Record<string, JsonSchema> {
  return {
    JobSucceededEvent: {
      type: 'object',
      title: 'job.succeeded',
      required: ['event', 'job_id', 'service_code', 'ok', 'result'],
      properties: {
        event: { type: 'string', const: 'job.succeeded' },
        ...common,
        ok: { type: 'boolean', const: true },
        result: { anyOf: asyncServices.map((service) => ref(`${componentStem(service.code)}Result`)) },
        usd_charged: { type: 'number', minimum: 0 },
      },
    },
    JobFailedEvent: {
      type: 'object',
      title: 'job.failed',
      description: 'The job failed; any charge was refunded.',
      required: ['event', 'job_id', 'service_code', 'ok', 'error', 'refunded'],
      properties: {
        event: { type: 'string', const: 'job.failed' },
        ...common,
        ok: { type: 'boolean', const: false },
        error: {
          type: 'object',
          required: ['error', 'msg'],
          properties: {
            error: { type: 'string', enum: ['engine_rejected_input', 'engine_error'] },
            msg: { type: 'string' },
          },
        },
        usd_charged: { type: 'number', const: 0 },
        refunded: { type: 'boolean', const: true },
      },
    },
  };
}

const header = (name: string, description: string, required = true): JsonSchema => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

export function webhooks(): Record<string, JsonSchema> {
  return {
    jobCompleted: {
      post: {
        operationId: 'jobCompleted',
        summary: 'Job completion callback, POSTed to the callback_url of an async call',
        description:
          'Sent when a job ends. Verify X-Service-Signature: `sha256=` and the hex HMAC-SHA256 of the raw ' +
          'body keyed with the callback_secret of the 202 answer. The same secret also signs the Standard ' +
          'Webhooks headers, whose timestamp lets a receiver reject replays. A non-2xx answer or a time-out ' +
          'is retried (8 attempts in all); the result stays available from the job status endpoint.',
        security: [],
        parameters: [
          header(
            'X-Service-Signature',
            'sha256=<hex HMAC-SHA256 of the raw body, keyed with callback_secret>',
          ),
          header('X-Service-Job-Id', 'The job_id'),
          header('webhook-id', 'Standard Webhooks: the event id, the same on every retry'),
          header('webhook-timestamp', 'Standard Webhooks: seconds since the epoch when signed'),
          header('webhook-signature', 'Standard Webhooks: v1,<base64 HMAC-SHA256 of id.timestamp.body>'),
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [ref('JobSucceededEvent'), ref('JobFailedEvent')],
                discriminator: {
                  propertyName: 'event',
                  mapping: {
                    'job.succeeded': '#/components/schemas/JobSucceededEvent',
                    'job.failed': '#/components/schemas/JobFailedEvent',
                  },
                },
              },
            },
          },
        },
        responses: { '2XX': { description: 'Received; any other answer is retried' } },
      },
    },
  };
}
