// The ledger reconciles: after a random, concurrent mix of charges, rejections, failures,
// refused calls and top-ups, the balance is the sum of the entries, no running total ever went
// negative, every charge is matched by a delivered result or a refund, and the month's call count
// equals the delivered calls. Also the monthly grant across a month boundary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/lib/time.ts';
import { recoverStaleRuns } from '../../src/runs/index.ts';
import { loadSmallDemo } from '../helpers/demo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const clock = {
  at: new Date('2026-10-31T23:59:00Z'),
  now() {
    return new Date(this.at);
  },
} satisfies Clock & { at: Date };

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: {
      SPTOK_GRANT_BUSINESS: '30000',
      BIZFN_FAULTS: 'engine:decide.market',
      RATE_LIMIT_BUSINESS_PER_MIN: '10000',
    },
  });
  await loadSmallDemo(server.db);
});
afterAll(async () => {
  await server.close();
});

// A small deterministic generator, so a failure can be replayed.
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ledger invariant', () => {
  it('reconciles after a random concurrent mix of charges, refunds, failures and top-ups', async () => {
    clock.at = new Date('2026-10-15T12:00:00Z');
    const { key, accountId } = await server.account('business');
    const random = mulberry32(20261121);
    const actions = Array.from({ length: 120 }, (_, i) => {
      const roll = random();
      if (roll < 0.45)
        return () =>
          server.call('POST', '/api/v1/business/run', {
            key,
            body: { service_code: 'verify.brand_check', payload: { brand: `Mark${i}` } },
          });
      if (roll < 0.6)
        return () =>
          server.call('POST', '/api/v1/business/run', {
            key,
            body: { service_code: 'verify.deep_risk_check', payload: { identifier: `没有这家公司${i}` } },
          });
      if (roll < 0.75)
        return () =>
          server.call('POST', '/api/v1/business/run', {
            key,
            body: { service_code: 'decide.market', payload: { product: 'LED' } },
          });
      if (roll < 0.85)
        return () =>
          server.call('POST', '/api/v1/business/run', {
            key,
            body: {
              service_code: 'verify.brand_check',
              payload: { brand: 'Replay' },
              idempotency_key: 'replayed',
            },
          });
      return () =>
        server.admin('POST', `/admin/v1/accounts/${accountId}/sptok`, {
          amount: 1 + Math.floor(random() * 20_000),
          reason: `top-up ${i}`,
        });
    });
    // Ten at a time, so charges race each other and the balance runs low along the way.
    const statuses: number[] = [];
    for (let i = 0; i < actions.length; i += 10) {
      const batch = await Promise.all(actions.slice(i, i + 10).map((action) => action()));
      statuses.push(...batch.map((response) => response.status));
    }
    expect(
      statuses.some((status) => status === 402),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.some((status) => status === 200)).toBe(true);
    expect(statuses.every((status) => [200, 400, 402, 500].includes(status))).toBe(true);

    const { rows: entries } = await server.db.query<{
      kind: string;
      amount: number;
      balance_after: number;
      run_id: string | null;
    }>('SELECT kind, amount, balance_after, run_id FROM ledger_entries WHERE account_id = $1 ORDER BY seq', [
      accountId,
    ]);
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.balance_after).toBe(running);
      expect(entry.balance_after).toBeGreaterThanOrEqual(0);
    }
    expect(await server.balance(accountId)).toBe(running);

    const { rows: runs } = await server.db.query<{ id: string; state: string; sptok_charged: number }>(
      'SELECT id, state, sptok_charged FROM runs WHERE account_id = $1',
      [accountId],
    );
    const charged = new Map(entries.filter((e) => e.kind === 'charge').map((e) => [e.run_id, -e.amount]));
    const refunded = new Map(entries.filter((e) => e.kind === 'refund').map((e) => [e.run_id, e.amount]));
    for (const run of runs) {
      if (run.state === 'succeeded') {
        expect(charged.get(run.id)).toBe(run.sptok_charged);
        expect(refunded.has(run.id)).toBe(false);
      } else {
        expect(['rejected', 'errored']).toContain(run.state);
        expect(refunded.get(run.id)).toBe(charged.get(run.id));
      }
    }
    expect(runs.filter((run) => run.state === 'pending')).toHaveLength(0);
    const delivered = runs.filter((run) => run.state === 'succeeded').length;
    const account = await server.admin('GET', `/admin/v1/accounts/${accountId}`);
    expect(account.body.calls_this_month).toBe(delivered);
  });
});

describe('monthly grant', () => {
  it('spends the grant first, expires what is left at month end, issues the new grant and keeps top-ups', async () => {
    clock.at = new Date('2026-10-31T23:00:00Z');
    const { key, accountId } = await server.account('business');
    await server.admin('POST', `/admin/v1/accounts/${accountId}/sptok`, { amount: 5000, reason: 'prepaid' });
    const run = await server.call('POST', '/api/v1/business/run', {
      key,
      body: { service_code: 'verify.brand_check', payload: { brand: 'Oct' } },
    });
    expect(run.status).toBe(200);
    let account = await server.admin('GET', `/admin/v1/accounts/${accountId}`);
    expect(account.body).toMatchObject({ balance: 30_000 + 5000 - 9900, grant_balance: 30_000 - 9900 });

    clock.at = new Date('2026-11-01T00:00:01Z');
    account = await server.admin('GET', `/admin/v1/accounts/${accountId}`);
    expect(account.body).toMatchObject({
      balance: 30_000 + 5000,
      grant_balance: 30_000,
      calls_this_month: 0,
    });
    const ledger = await server.admin('GET', `/admin/v1/accounts/${accountId}/ledger`);
    expect(ledger.body.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'grant',
      'expire',
      'charge',
      'topup',
      'grant',
    ]);
    expect(ledger.body.entries[1]).toMatchObject({
      kind: 'expire',
      amount: -(30_000 - 9900),
      period: '2026-10',
    });
  });
});

describe('recovery of interrupted calls', () => {
  it('refunds a pooled call left pending by a crash, frees its key, and never refunds a settled one', async () => {
    clock.at = new Date('2026-11-10T10:00:00Z');
    const { key, accountId } = await server.account('business');
    const body = {
      service_code: 'verify.brand_check',
      payload: { brand: 'Crash' },
      idempotency_key: 'crash-1',
    };
    expect((await server.call('POST', '/api/v1/business/run', { key, body })).status).toBe(200);
    const settled = {
      service_code: 'verify.brand_check',
      payload: { brand: 'Fine' },
      idempotency_key: 'fine-1',
    };
    expect((await server.call('POST', '/api/v1/business/run', { key, body: settled })).status).toBe(200);
    const charged = await server.balance(accountId);
    // The state a kill -9 between the charge and the settle leaves behind: charged, still pending.
    await server.db.query(
      "UPDATE runs SET state = 'pending', response = NULL, http_status = NULL, created_at = '2026-11-10T10:00:00Z' WHERE idempotency_key = 'crash-1'",
    );
    clock.at = new Date('2026-11-10T10:30:00Z');
    expect(await recoverStaleRuns(server.service.deps)).toBe(1);
    expect(await recoverStaleRuns(server.service.deps)).toBe(0);
    expect(await server.balance(accountId)).toBe(charged + 9900);
    const { rows } = await server.db.query<{ idempotency_key: string; state: string }>(
      'SELECT idempotency_key, state FROM runs WHERE account_id = $1 ORDER BY idempotency_key',
      [accountId],
    );
    expect(rows).toEqual([
      { idempotency_key: 'crash-1', state: 'errored' },
      { idempotency_key: 'fine-1', state: 'succeeded' },
    ]);
    // The key is free again: a retry runs and charges once more.
    const retry = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(retry.status).toBe(200);
    expect(retry.body.replayed).toBe(false);
    expect(await server.balance(accountId)).toBe(charged);
  });
});
