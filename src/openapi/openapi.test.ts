// The generated document passes a standard OpenAPI 3.1 validator and covers the whole catalog:
// every service has a run request variant, a payload and a result schema.
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { SERVICES } from '../catalog/index.ts';
import { type JobRecord, webhookBody } from '../jobs/index.ts';
import { targetListSample } from '../reports/samples.ts';
import { componentStem, type JsonSchema, openApiDocument, openApiYaml } from './index.ts';

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const doc = openApiDocument() as Doc;

describe('OpenAPI document', () => {
  it('passes the OpenAPI validator', async () => {
    const result = await validate(openApiDocument() as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.specification).toBe('OpenAPI');
    expect(result.warnings).toEqual([]);
  });

  it('is OpenAPI 3.1, version 1.0, with the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has every endpoint of the contract', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/business/checkout/{session_id}/deliver',
      '/api/v1/business/jobs/{job_id}',
      '/api/v1/business/reports/{kind}/{sig}/download',
      '/api/v1/business/run',
      '/api/v1/business/services',
    ]);
    const run = doc.paths['/api/v1/business/run']!.post!.responses;
    expect(Object.keys(run)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '402', '403', '429', '500', '502']),
    );
  });

  it('discriminates the run request by service_code over the whole catalog', () => {
    const runRequest = doc.components.schemas.RunRequest as {
      oneOf: unknown[];
      discriminator: { propertyName: string; mapping: Record<string, string> };
    };
    expect(runRequest.discriminator.propertyName).toBe('service_code');
    expect(Object.keys(runRequest.discriminator.mapping)).toEqual(SERVICES.map((service) => service.code));
    expect(runRequest.oneOf).toHaveLength(SERVICES.length);
    for (const service of SERVICES) {
      const stem = componentStem(service.code);
      const payload = doc.components.schemas[`${stem}Payload`] as { properties: Record<string, unknown> };
      expect(Object.keys(payload.properties)).toEqual(Object.keys(service.payload.shape));
      expect(doc.components.schemas[`${stem}Result`]).toBeDefined();
      const request = doc.components.schemas[`${stem}RunRequest`] as { properties: Record<string, unknown> };
      expect((request.properties.async as { const?: boolean }).const).toBe(service.async ? undefined : false);
    }
  });

  it('serves the same document as YAML', () => {
    expect(parse(openApiYaml())).toEqual(openApiDocument());
  });

  it('describes the job callback bodies the jobs module sends', async () => {
    const dereferenced = (await dereference(openApiDocument() as never)) as unknown as {
      webhooks: {
        jobCompleted: { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } };
      };
    };
    const schema = z.fromJSONSchema(
      dereferenced.webhooks.jobCompleted.post.requestBody.content['application/json']!.schema as never,
    );
    const job: JobRecord = {
      id: 'job_abc',
      run_id: 'run_abc',
      key_id: 'key_abc',
      account_id: 'acct_abc',
      service_code: 'report.target_list_export',
      payload: { industry: '纺织' },
      lang: 'en',
      sandbox: false,
      idempotency_key: 'k-1',
      status: 'succeeded',
      attempts: 1,
      max_attempts: 3,
      result: targetListSample('en', 3) as unknown as Record<string, unknown>,
      error: null,
      usd_cents_charged: 120_000,
      payment_id: 'pay_abc',
      payment_intent_id: 'pi_abc',
      callback_url: 'https://example.com/hook',
      callback_secret: 'whsec_x',
      created_at: new Date(),
      started_at: new Date(),
      finished_at: new Date(),
    };
    const failed: JobRecord = {
      ...job,
      status: 'failed',
      result: null,
      error: { error: 'engine_error', msg: 'the engine failed' },
    };
    for (const body of [webhookBody(job), webhookBody(failed)]) {
      const checked = schema.safeParse(JSON.parse(JSON.stringify(body)));
      expect(checked.success, checked.error?.message).toBe(true);
    }
  });
});
