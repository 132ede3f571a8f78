// Bad input never hurts: every malformed request gets a 400 in the contract's shape, names what
// is wrong, and leaves the balance and the ledger untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let key: string;
let accountId: string;
let balance: number;

beforeAll(async () => {
  server = await startTestServer({ env: { CALLBACK_ALLOW_HOSTS: '' } });
  ({ key, accountId } = await server.account('business'));
  balance = await server.balance(accountId);
});
afterAll(async () => {
  await server.close();
});

async function expectNothingCharged() {
  expect(await server.balance(accountId)).toBe(balance);
  const { rows } = await server.db.query(
    "SELECT 1 FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'",
    [accountId],
  );
  expect(rows).toHaveLength(0);
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  return server.call('POST', '/api/v1/business/run', { key, body, headers });
}

function expectError(
  response: { status: number; body: { detail: Record<string, unknown> } },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.body.detail.error).toBe(code);
  expect(typeof response.body.detail.msg).toBe('string');
  expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
}

describe('malformed requests', () => {
  it('rejects malformed JSON', async () => {
    expectError(await post('{"service_code": '), 400, 'invalid_request');
  });

  it('rejects a wrong content type', async () => {
    expectError(
      await post('service_code=decide.market', { 'content-type': 'text/plain' }),
      400,
      'invalid_request',
    );
  });

  it('rejects a body over 1 MiB', async () => {
    const big = JSON.stringify({
      service_code: 'decide.market',
      payload: { product: 'x'.repeat(1024 * 1024 + 10) },
    });
    const response = await post(big);
    expectError(response, 400, 'invalid_request');
    expect(response.body.detail.msg).toMatch(/larger/);
  });

  it('rejects a body that is not an object, wrong field types and unknown fields', async () => {
    expectError(await post('[1,2]'), 400, 'invalid_request');
    expectError(await post('"text"'), 400, 'invalid_request');
    const wrongType = await post({ service_code: 42, payload: {} });
    expectError(wrongType, 400, 'invalid_request');
    expect(wrongType.body.detail.msg).toMatch(/service_code/);
    const asyncType = await post({ service_code: 'decide.market', payload: { product: 'x' }, async: 'yes' });
    expectError(asyncType, 400, 'invalid_request');
    const unknown = await post({ service_code: 'decide.market', payload: { product: 'x' }, colour: 'red' });
    expectError(unknown, 400, 'invalid_request');
    expect(unknown.body.detail.msg).toMatch(/colour/);
    await expectNothingCharged();
  });

  it('answers unknown_service_code with the list of available codes', async () => {
    const response = await post({ service_code: 'verify.nothing', payload: {} });
    expectError(response, 400, 'unknown_service_code');
    expect(response.body.detail.available).toHaveLength(13);
    expect(response.body.detail.available).toContain('verify.brand_check');
  });

  it('answers async_not_supported with the two codes that support it', async () => {
    const response = await post({ service_code: 'decide.market', payload: { product: 'x' }, async: true });
    expectError(response, 400, 'async_not_supported');
    expect(response.body.detail.supported).toEqual([
      'report.new_product_intelligence',
      'report.target_list_export',
    ]);
    const withCallback = await post({
      service_code: 'decide.market',
      payload: { product: 'x' },
      callback_url: 'https://example.com/hook',
    });
    expectError(withCallback, 400, 'async_not_supported');
    await expectNothingCharged();
  });

  it.each([
    'http://example.com/hook',
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://2130706433/hook',
    'https://0x7f000001/hook',
    'https://0177.0.0.1/hook',
    'https://127.1/hook',
    'not a url',
  ])('rejects callback_url %s with invalid_callback_url', async (callbackUrl) => {
    const response = await post({
      service_code: 'report.target_list_export',
      payload: { industry: '纺织' },
      async: true,
      callback_url: callbackUrl,
    });
    expectError(response, 400, 'invalid_callback_url');
  });

  it('rejects an unknown lang', async () => {
    expectError(
      await post({ service_code: 'decide.market', payload: { product: 'x' }, lang: 'fr' }),
      400,
      'invalid_request',
    );
  });

  it('rejects a bad idempotency_key', async () => {
    expectError(
      await post({ service_code: 'decide.market', payload: { product: 'x' }, idempotency_key: '' }),
      400,
      'invalid_request',
    );
    const long = 'k'.repeat(256);
    expectError(
      await post({ service_code: 'decide.market', payload: { product: 'x' }, idempotency_key: long }),
      400,
      'invalid_request',
    );
  });
});

describe('payload validation', () => {
  it.each([
    [{ service_code: 'verify.brand_check', payload: {} }, 'payload.brand'],
    [{ service_code: 'verify.brand_check', payload: { brand: '' } }, 'payload.brand'],
    [
      { service_code: 'verify.brand_check', payload: { brand: 'Acme', markets: ['mars'] } },
      'payload.markets.0',
    ],
    [{ service_code: 'decide.compare_suppliers_5', payload: { names: ['only one'] } }, 'payload.names'],
    [
      { service_code: 'decide.compare_suppliers_5', payload: { names: ['a', 'b', 'c', 'd', 'e', 'f'] } },
      'payload.names',
    ],
    [
      { service_code: 'report.target_list_export', payload: { industry: 'x', min_insured: -1 } },
      'payload.min_insured',
    ],
    [
      { service_code: 'report.target_list_export', payload: { industry: 'x', min_insured: 2.5 } },
      'payload.min_insured',
    ],
    [
      { service_code: 'report.new_product_intelligence', payload: { product: 'x', mode: 'other' } },
      'payload.mode',
    ],
    [
      { service_code: 'discover.competitors', payload: { company: 'x', same_province_only: 'yes' } },
      'payload.same_province_only',
    ],
    [{ service_code: 'decide.market', payload: { product: 'x', extra: 1 } }, 'payload'],
    [{ service_code: 'decide.market' }, 'payload'],
    [{ service_code: 'decide.market', payload: 'LED' }, 'payload'],
  ])('rejects %j naming %s, charging nothing', async (body, field) => {
    const response = await post(body);
    expectError(response, 400, 'engine_rejected_input');
    expect(response.body.detail.field).toBe(field);
    expect(response.body.detail.msg).toContain(field);
    await expectNothingCharged();
  });
});

describe('unknown routes', () => {
  it('answers 404 in the contract shape', async () => {
    const response = await server.call('GET', '/api/v1/business/nothing', { key });
    expectError(response, 404, 'not_found');
  });
});
