// A client generated from the OpenAPI document by standard tools (openapi-typescript types,
// openapi-fetch calls) type-checks against the document and talks to the real server. The
// generated types are committed; this also fails when they no longer match the document.
import { readFile } from 'node:fs/promises';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { openApiDocument } from '../index.ts';
import type { components, paths } from './api.gen.ts';
import { GENERATED_PATH, generateClientTypes } from './generate.ts';

let server: TestServer;
let client: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  server = await startTestServer();
  const { key } = await server.account('business');
  client = createClient<paths>({ baseUrl: server.url, headers: { authorization: `Bearer ${key}` } });
});

afterAll(() => server?.close());

describe('generated client', () => {
  it('is up to date with the document (npx tsx src/openapi/client/generate.ts)', async () => {
    expect(await readFile(GENERATED_PATH, 'utf8')).toBe(await generateClientTypes());
  });

  it('is generated from the document the server publishes, without a key', async () => {
    const served = await fetch(`${server.url}/developer/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(openApiDocument({ sptokPerUsd: server.config.SPTOK_PER_USD }));
    const docs = await fetch(`${server.url}/developer/docs`);
    expect(docs.status).toBe(200);
  });

  it('lists the services', async () => {
    const { data, error, response } = await client.GET('/api/v1/business/services');
    expect(response.status, JSON.stringify(error)).toBe(200);
    expect(data?.services.map((service) => service.service_code)).toContain('verify.brand_check');
    expectTypeOf(data!.tier).toEqualTypeOf<'business' | 'max'>();
  });

  it('runs a function with a typed request and a typed answer', async () => {
    const { data, error, response } = await client.POST('/api/v1/business/run', {
      body: {
        service_code: 'verify.brand_check',
        payload: { brand: 'Anker', markets: ['us_uk'] },
        lang: 'en',
      },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    expect(data).toMatchObject({ ok: true, service_code: 'verify.brand_check' });
    if (data?.ok && data.service_code === 'verify.brand_check') {
      // The union narrows on service_code to that service's result type.
      expectTypeOf(data.result).toEqualTypeOf<components['schemas']['VerifyBrandCheckResult']>();
      expect(data.result.markets.map((market) => market.market)).toEqual(['us_uk']);
    }
  });

  it('types the error body with its documented codes', async () => {
    const { error, response } = await client.POST('/api/v1/business/run', {
      // @ts-expect-error the document requires payload.brand, so the client refuses this at compile time
      body: { service_code: 'verify.brand_check', payload: {} },
    });
    expect(response.status).toBe(400);
    expect(error?.detail.error).toBe('engine_rejected_input');
    expectTypeOf(error!.detail.error).toExtend<string>();
  });
});
