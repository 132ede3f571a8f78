// The generated document passes a standard OpenAPI 3.1 validator and covers the whole catalog:
// every service has a run request variant, a payload and a result schema.
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVICES } from '../catalog/index.ts';
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
});
