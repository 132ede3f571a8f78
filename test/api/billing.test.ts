// Money through the real server: prices, the monthly grant, refunds on rejection and failure,
// insufficient balance, the volume discount bands and the sandbox quota. Every test checks the
// balance and the ledger, not just the status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallDemo } from '../helpers/demo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const brand = { service_code: 'verify.brand_check', payload: { brand: 'Zentrix' } };
const unknownCompany = {
  service_code: 'verify.deep_risk_check',
  payload: { identifier: '不存在的公司名称有限公司' },
};

beforeAll(async () => {
  server = await startTestServer({
    env: { SPTOK_GRANT_MAX: '0', SPTOK_GRANT_BUSINESS: '100000', BIZFN_FAULTS: 'engine:decide.market' },
  });
  await loadSmallDemo(server.db);
});
afterAll(async () => {
  await server.close();
});

async function ledgerKinds(accountId: string): Promise<string[]> {
  const ledger = await server.admin('GET', `/admin/v1/accounts/${accountId}/ledger`);
  return ledger.body.entries.map((entry: { kind: string }) => entry.kind).reverse();
}

describe('pooled billing', () => {
  it('charges the price in spTok from the monthly grant and answers every field of the contract', async () => {
    const { key, accountId } = await server.account('business');
    expect(await server.balance(accountId)).toBe(100_000);
    const response = await server.call('POST', '/api/v1/business/run', {
      key,
      body: { ...brand, idempotency_key: 'k-1' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ok: true,
      service_code: 'verify.brand_check',
      sptok_charged: 9900,
      price_charged_usd_reference: 99,
      volume_discount_factor: 1,
      idempotency_key: 'k-1',
      replayed: false,
    });
    expect(response.body.result.data_source).toBe('demo');
    expect(await server.balance(accountId)).toBe(100_000 - 9900);
    expect(await ledgerKinds(accountId)).toEqual(['grant', 'charge']);
    const account = await server.admin('GET', `/admin/v1/accounts/${accountId}`);
    expect(account.body.calls_this_month).toBe(1);
  });

  it('generates an idempotency key when none is given', async () => {
    const { key } = await server.account('business');
    const response = await server.call('POST', '/api/v1/business/run', { key, body: brand });
    expect(response.body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 402 insufficient_sptok with need and have, charging nothing', async () => {
    const { key, accountId } = await server.account('max');
    await server.admin('POST', `/admin/v1/accounts/${accountId}/sptok`, { amount: 5000, reason: 'small' });
    const response = await server.call('POST', '/api/v1/business/run', { key, body: brand });
    expect(response.status).toBe(402);
    expect(response.body.detail).toMatchObject({ error: 'insufficient_sptok', need: 9900, have: 5000 });
    expect(await server.balance(accountId)).toBe(5000);
    expect(await ledgerKinds(accountId)).toEqual(['topup']);
    // The key was not used up: after a top-up the same key runs.
    await server.admin('POST', `/admin/v1/accounts/${accountId}/sptok`, { amount: 5000, reason: 'more' });
    const retry = await server.call('POST', '/api/v1/business/run', { key, body: brand });
    expect(retry.status).toBe(200);
    expect(await server.balance(accountId)).toBe(100);
  });

  it('refunds an engine rejection, says so, and replays the rejection without charging again', async () => {
    const { key, accountId } = await server.account('business');
    const body = { ...unknownCompany, idempotency_key: 'reject-1' };
    const first = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(first.status).toBe(400);
    expect(first.body.detail).toMatchObject({ error: 'engine_rejected_input', refunded: true });
    expect(first.body.detail.msg).toMatch(/不存在的公司名称有限公司/);
    expect(await server.balance(accountId)).toBe(100_000);
    expect(await ledgerKinds(accountId)).toEqual(['grant', 'charge', 'refund']);
    const again = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatchObject({ error: 'engine_rejected_input', replayed: true });
    expect(await ledgerKinds(accountId)).toEqual(['grant', 'charge', 'refund']);
    expect((await server.admin('GET', `/admin/v1/accounts/${accountId}`)).body.calls_this_month).toBe(0);
  });

  it('refunds an engine failure with 500 engine_error and frees the key for a retry', async () => {
    const { key, accountId } = await server.account('business');
    const body = { service_code: 'decide.market', payload: { product: 'LED' }, idempotency_key: 'fail-1' };
    const first = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(first.status).toBe(500);
    expect(first.body.detail).toMatchObject({ error: 'engine_error', refunded: true });
    expect(await server.balance(accountId)).toBe(100_000);
    const retry = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(retry.status).toBe(500);
    expect(retry.body.detail.replayed).toBeUndefined();
    expect(await ledgerKinds(accountId)).toEqual(['grant', 'charge', 'refund', 'charge', 'refund']);
    expect(await server.balance(accountId)).toBe(100_000);
  });
});

describe('volume discount', () => {
  async function setCalls(accountId: string, calls: number) {
    await server.db.query(
      `INSERT INTO account_usage (account_id, period, calls) VALUES ($1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), $2)
       ON CONFLICT (account_id, period) DO UPDATE SET calls = $2`,
      [accountId, calls],
    );
  }

  it.each([
    [999, 1, 9900, 99],
    [1000, 0.9, 8910, 89.1],
    [9999, 0.9, 8910, 89.1],
    [10_000, 0.8, 7920, 79.2],
    [99_999, 0.8, 7920, 79.2],
  ])('after %i calls this month the next is charged at factor %f', async (calls, factor, sptok, usd) => {
    const { key, accountId } = await server.account('business');
    await setCalls(accountId, calls);
    const response = await server.call('POST', '/api/v1/business/run', { key, body: brand });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      volume_discount_factor: factor,
      sptok_charged: sptok,
      price_charged_usd_reference: usd,
    });
    expect(await server.balance(accountId)).toBe(100_000 - sptok);
  });

  it('answers 402 volume_over_limit past 100,000 calls, charging nothing', async () => {
    const { key, accountId } = await server.account('business');
    await setCalls(accountId, 100_000);
    const response = await server.call('POST', '/api/v1/business/run', { key, body: brand });
    expect(response.status).toBe(402);
    expect(response.body.detail.error).toBe('volume_over_limit');
    expect(await server.balance(accountId)).toBe(100_000);
  });
});

describe('sandbox', () => {
  it('runs every function free, with sandbox true and a note that counts down, then 402 sandbox_quota_exceeded', async () => {
    const { key, accountId } = await server.account('free', { sandbox: true });
    for (let i = 1; i <= 20; i++) {
      const response = await server.call('POST', '/api/v1/business/run', { key, body: brand });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ ok: true, sandbox: true, sptok_charged: 0 });
      expect(response.body.sandbox_note).toContain(`${20 - i} of 20 free calls`);
    }
    const over = await server.call('POST', '/api/v1/business/run', { key, body: brand });
    expect(over.status).toBe(402);
    expect(over.body.detail.error).toBe('sandbox_quota_exceeded');
    // The quota is per function: another function still runs.
    const other = await server.call('POST', '/api/v1/business/run', {
      key,
      body: { service_code: 'decide.province', payload: { industry: '纺织业' } },
    });
    expect(other.status).toBe(200);
    expect(await ledgerKinds(accountId)).toEqual([]);
  });

  it('shares the quota across the sandbox keys of one account, and gives back quota on a rejection', async () => {
    const first = await server.account('free', { sandbox: true });
    const second = await server.admin('POST', `/admin/v1/accounts/${first.accountId}/keys`, {
      sandbox: true,
    });
    const rejected = await server.call('POST', '/api/v1/business/run', {
      key: first.key,
      body: unknownCompany,
    });
    expect(rejected.status).toBe(400);
    const { rows } = await server.db.query<{ calls: number }>(
      "SELECT calls FROM sandbox_usage WHERE account_id = $1 AND service_code = 'verify.deep_risk_check'",
      [first.accountId],
    );
    expect(rows[0]!.calls).toBe(0);
    for (let i = 0; i < 20; i++) {
      const key = i % 2 ? first.key : second.body.key;
      expect((await server.call('POST', '/api/v1/business/run', { key, body: brand })).status).toBe(200);
    }
    for (const key of [first.key, second.body.key]) {
      const over = await server.call('POST', '/api/v1/business/run', { key, body: brand });
      expect(over.body.detail.error).toBe('sandbox_quota_exceeded');
    }
  });
});
