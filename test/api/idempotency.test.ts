// Idempotency through the real server: replays, mismatches, per-key scope, and 50 concurrent
// calls with one key that charge exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallDemo } from '../helpers/demo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const brand = { service_code: 'verify.brand_check', payload: { brand: 'Zentrix' } };

beforeAll(async () => {
  server = await startTestServer({
    env: { SPTOK_GRANT_BUSINESS: '1000000', RATE_LIMIT_BUSINESS_PER_MIN: '10000' },
  });
  await loadSmallDemo(server.db);
});
afterAll(async () => {
  await server.close();
});

async function charges(accountId: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    "SELECT count(*) AS n FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'",
    [accountId],
  );
  return rows[0]!.n;
}

describe('idempotency', () => {
  it('replays the first result with replayed true and never charges twice', async () => {
    const { key, accountId } = await server.account('business');
    const body = { ...brand, idempotency_key: 'same-1' };
    const first = await server.call('POST', '/api/v1/business/run', { key, body });
    const second = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.replayed).toBe(true);
    expect(second.body.result).toEqual(first.body.result);
    expect(second.body.sptok_charged).toBe(first.body.sptok_charged);
    expect(await charges(accountId)).toBe(1);
    expect(await server.balance(accountId)).toBe(1_000_000 - 9900);
  });

  it('treats key order and defaulted fields as the same request', async () => {
    const { key, accountId } = await server.account('business');
    const body = {
      idempotency_key: 'order-1',
      payload: { brand: 'Zentrix' },
      service_code: 'verify.brand_check',
      lang: 'zh',
    };
    await server.call('POST', '/api/v1/business/run', {
      key,
      body: { ...brand, idempotency_key: 'order-1' },
    });
    const again = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(again.body.replayed).toBe(true);
    expect(await charges(accountId)).toBe(1);
  });

  it.each([
    ['a different payload', { ...brand, payload: { brand: 'Other' } }],
    ['a different service_code', { service_code: 'verify.deep_risk_check', payload: { identifier: 'x' } }],
    ['a different lang', { ...brand, lang: 'en' }],
  ])('answers 422 idempotency_key_mismatch for %s, charging nothing more', async (_what, changed) => {
    const { key, accountId } = await server.account('business');
    await server.call('POST', '/api/v1/business/run', { key, body: { ...brand, idempotency_key: 'mm' } });
    const response = await server.call('POST', '/api/v1/business/run', {
      key,
      body: { ...changed, idempotency_key: 'mm' },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail.error).toBe('idempotency_key_mismatch');
    expect(await charges(accountId)).toBe(1);
  });

  it('scopes keys per API key', async () => {
    const one = await server.account('business');
    const two = await server.account('business');
    const body = { ...brand, idempotency_key: 'shared-name' };
    const a = await server.call('POST', '/api/v1/business/run', { key: one.key, body });
    const b = await server.call('POST', '/api/v1/business/run', { key: two.key, body });
    expect(a.body.replayed).toBe(false);
    expect(b.body.replayed).toBe(false);
    expect(await charges(one.accountId)).toBe(1);
    expect(await charges(two.accountId)).toBe(1);
  });

  it('charges once for 50 concurrent calls with one key and gives 50 equal results', async () => {
    const { key, accountId } = await server.account('business');
    const body = { ...brand, idempotency_key: 'burst-1' };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => server.call('POST', '/api/v1/business/run', { key, body })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const results = new Set(responses.map((r) => JSON.stringify(r.body.result)));
    expect(results.size).toBe(1);
    expect(responses.filter((r) => r.body.replayed === false)).toHaveLength(1);
    expect(await charges(accountId)).toBe(1);
    expect(await server.balance(accountId)).toBe(1_000_000 - 9900);
  });
});
