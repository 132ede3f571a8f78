// Keys and tiers through the real server: unknown, revoked and tier-less keys, and the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const run = { service_code: 'decide.market', payload: { product: 'LED lights' } };

describe('API keys', () => {
  it('answers 401 in the contract shape without a key, with an unknown key, and with a malformed header', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer sk-live-unknown' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of attempts) {
      const response = await server.call('POST', '/api/v1/business/run', { body: run, headers });
      expect(response.status).toBe(401);
      expect(response.body.detail.error).toBe('invalid_api_key');
      expect(typeof response.body.detail.msg).toBe('string');
    }
  });

  it('answers 401 before looking at a malformed body', async () => {
    const response = await server.call('POST', '/api/v1/business/run', { body: '{not json' });
    expect(response.status).toBe(401);
  });

  it('stores keys only as hashes', async () => {
    const { key } = await server.account('business');
    const { rows } = await server.db.query<{ key_hash: string; key_prefix: string }>(
      'SELECT key_hash, key_prefix FROM api_keys',
    );
    expect(rows.some((row) => row.key_hash === key)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
    expect(rows.every((row) => row.key_prefix.length <= 14)).toBe(true);
  });

  it('makes a revoked key answer 401 from then on', async () => {
    const { key, keyId } = await server.account('business');
    expect((await server.call('GET', '/api/v1/business/services', { key })).status).toBe(200);
    expect((await server.admin('DELETE', `/admin/v1/keys/${keyId}`)).status).toBe(204);
    const after = await server.call('GET', '/api/v1/business/services', { key });
    expect(after.status).toBe(401);
    expect(after.body.detail.error).toBe('invalid_api_key');
  });

  it('gives live keys only to max and business accounts', async () => {
    for (const tier of ['free', 'pro']) {
      const account = await server.admin('POST', '/admin/v1/accounts', { name: tier, tier });
      const key = await server.admin('POST', `/admin/v1/accounts/${account.body.account_id}/keys`, {});
      expect(key.status).toBe(403);
      expect(key.body.detail.error).toBe('tier_insufficient');
    }
  });

  it('answers 403 tier_insufficient on /run and /services once the account loses API access, charging nothing', async () => {
    const { key, accountId } = await server.account('business');
    const before = await server.balance(accountId);
    expect((await server.admin('PATCH', `/admin/v1/accounts/${accountId}`, { tier: 'pro' })).status).toBe(
      200,
    );
    const runResponse = await server.call('POST', '/api/v1/business/run', { key, body: run });
    expect(runResponse.status).toBe(403);
    expect(runResponse.body.detail.error).toBe('tier_insufficient');
    const services = await server.call('GET', '/api/v1/business/services', { key });
    expect(services.status).toBe(403);
    expect(services.body.detail.error).toBe('tier_insufficient');
    expect(await server.balance(accountId)).toBe(before);
  });

  it('lets a sandbox key of a free account list services, as tier max with sandbox true', async () => {
    const { key } = await server.account('free', { sandbox: true });
    expect(key.startsWith('sk-test-')).toBe(true);
    const services = await server.call('GET', '/api/v1/business/services', { key });
    expect(services.status).toBe(200);
    expect(services.body).toMatchObject({ ok: true, tier: 'max', sandbox: true });
  });

  it('lists every service with its price in spTok and USD, category, payload doc and note', async () => {
    const { key } = await server.account('business');
    const services = await server.call('GET', '/api/v1/business/services', { key });
    expect(services.body.tier).toBe('business');
    expect(services.body.services).toHaveLength(13);
    const brand = services.body.services.find(
      (s: { service_code: string }) => s.service_code === 'verify.brand_check',
    );
    expect(brand).toMatchObject({ sptok: 9900, usd: 99, category: 'verify', pooled: true });
    expect(Object.keys(brand.payload_doc)).toEqual(['brand', 'markets']);
    const target = services.body.services.find(
      (s: { service_code: string }) => s.service_code === 'report.target_list_export',
    );
    expect(target).toMatchObject({ sptok: 120000, usd: 1200, pooled: false, async: true });
  });
});

describe('admin API', () => {
  it('refuses a missing or wrong admin token', async () => {
    const none = await server.call('GET', '/admin/v1/accounts/acct_x');
    expect(none.status).toBe(401);
    const wrong = await server.call('GET', '/admin/v1/accounts/acct_x', { key: 'wrong-token-wrong-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail.error).toBe('invalid_admin_token');
  });

  it('validates admin input in the contract shape', async () => {
    const bad = await server.admin('POST', '/admin/v1/accounts', { name: 'x', tier: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail.error).toBe('invalid_request');
    const missing = await server.admin('GET', '/admin/v1/accounts/acct_missing');
    expect(missing.status).toBe(404);
    const { accountId } = await server.account('max');
    for (const amount of [0, -5, 1.5, '10']) {
      const topUp = await server.admin('POST', `/admin/v1/accounts/${accountId}/sptok`, {
        amount,
        reason: 'x',
      });
      expect(topUp.status).toBe(400);
    }
  });

  it('tops up, shows the account, and lists the ledger newest first', async () => {
    const { accountId } = await server.account('max');
    const grant = server.config.SPTOK_GRANT_MAX;
    const topUp = await server.admin('POST', `/admin/v1/accounts/${accountId}/sptok`, {
      amount: 1234,
      reason: 'invoice 7',
    });
    expect(topUp.status).toBe(200);
    expect(topUp.body.balance).toBe(grant + 1234);
    const account = await server.admin('GET', `/admin/v1/accounts/${accountId}`);
    expect(account.body).toMatchObject({
      account_id: accountId,
      tier: 'max',
      balance: grant + 1234,
      calls_this_month: 0,
    });
    const ledger = await server.admin('GET', `/admin/v1/accounts/${accountId}/ledger`);
    expect(ledger.body.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['topup', 'grant']);
    expect(ledger.body.entries[0]).toMatchObject({
      amount: 1234,
      balance_after: grant + 1234,
      reason: 'invoice 7',
    });
  });

  it('sets the local payment method behaviour', async () => {
    const { accountId } = await server.account('max');
    const set = await server.admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, {
      behavior: 'decline',
    });
    expect(set.status).toBe(200);
    expect((await server.admin('GET', `/admin/v1/accounts/${accountId}`)).body.payment_behavior).toBe(
      'decline',
    );
    const bad = await server.admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, {
      behavior: 'maybe',
    });
    expect(bad.status).toBe(400);
  });
});
