// The probes of the contract test: for each documented (operation, status, error code), a request
// that provokes it on a real server. State that no API call reaches quickly (a month's volume used
// up, a call still in flight) is set up through the owning module's functions and tables.
import { randomUUID } from 'node:crypto';
import { monthOf } from '../lib/time.ts';
import { claimRun } from '../runs/index.ts';
import { laterRouteProbes } from './contract.probes.routes.ts';
import { NPI, type Probe, type ProbeContext, RUN, SERVICES, setup, TLE } from './contract.support.ts';

export type { Probe, ProbeContext, Response } from './contract.support.ts';

export function probes(context: ProbeContext): Probe[] {
  const { s, run, business, standalonePending, withoutEngine, limitedKey, declined } = setup(context);
  const list: Probe[] = [
    {
      operation: RUN,
      status: 200,
      label: 'pooled delivery',
      pending: withoutEngine('verify.brand_check'),
      send: async () =>
        run(await business(), { service_code: 'verify.brand_check', payload: { brand: 'Anker' } }),
    },
    {
      operation: RUN,
      status: 200,
      label: 'pooled, sandbox key',
      pending: withoutEngine('verify.brand_check'),
      send: async () => {
        const { key } = await s().account('business', { sandbox: true });
        return run(key, { service_code: 'verify.brand_check', payload: { brand: 'Anker' } });
      },
    },
    {
      operation: RUN,
      status: 200,
      label: 'pooled, replayed',
      pending: withoutEngine('verify.brand_check'),
      send: async () => {
        const key = await business();
        const body = {
          service_code: 'verify.brand_check',
          payload: { brand: 'Anker' },
          idempotency_key: randomUUID(),
        };
        await run(key, body);
        return run(key, body);
      },
    },
    {
      operation: RUN,
      status: 200,
      label: 'standalone function charged to the card',
      pending: withoutEngine(TLE),
      send: async () => {
        const { key, accountId } = await s().account('business');
        await s().admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'succeed' });
        return run(key, { service_code: TLE, payload: { industry: '纺织' } });
      },
    },
    {
      operation: RUN,
      status: 200,
      label: 'sandbox call of a standalone function',
      pending: withoutEngine(TLE),
      send: async () => {
        const { key } = await s().account('business', { sandbox: true });
        return run(key, { service_code: TLE, payload: { industry: '纺织' } });
      },
    },
    {
      operation: RUN,
      status: 200,
      label: 'standalone charge declined',
      pending: standalonePending,
      send: async () => (await declined()).response,
    },
    {
      operation: RUN,
      status: 202,
      pending: standalonePending,
      send: async () => {
        const { key, accountId } = await s().account('business');
        await s().admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'succeed' });
        return run(key, {
          service_code: 'report.target_list_export',
          payload: { industry: '纺织' },
          async: true,
        });
      },
    },
    { operation: RUN, status: 400, code: 'invalid_request', send: async () => run(await business(), {}) },
    {
      operation: RUN,
      status: 400,
      code: 'unknown_service_code',
      send: async () => run(await business(), { service_code: 'verify.nothing', payload: {} }),
    },
    {
      operation: RUN,
      status: 400,
      code: 'engine_rejected_input',
      send: async () => run(await business(), { service_code: 'verify.brand_check', payload: {} }),
    },
    {
      operation: RUN,
      status: 400,
      code: 'async_not_supported',
      send: async () =>
        run(await business(), { service_code: 'verify.brand_check', payload: { brand: 'x' }, async: true }),
    },
    {
      operation: RUN,
      status: 400,
      code: 'invalid_callback_url',
      send: async () =>
        run(await business(), {
          service_code: 'report.target_list_export',
          payload: { industry: 'x' },
          async: true,
          callback_url: 'http://127.0.0.1/hook',
        }),
    },
    {
      operation: RUN,
      status: 401,
      code: 'invalid_api_key',
      send: () => run(undefined, { service_code: 'verify.brand_check', payload: { brand: 'x' } }),
    },
    {
      operation: RUN,
      status: 402,
      code: 'insufficient_sptok',
      // The test server grants max accounts no spTok.
      send: async () =>
        run((await s().account('max')).key, { service_code: 'verify.brand_check', payload: { brand: 'x' } }),
    },
    {
      operation: RUN,
      status: 402,
      code: 'volume_over_limit',
      send: async () => {
        const { key, accountId } = await s().account('business');
        await s().db.query('INSERT INTO account_usage (account_id, period, calls) VALUES ($1, $2, 100000)', [
          accountId,
          monthOf(new Date()),
        ]);
        return run(key, { service_code: 'verify.brand_check', payload: { brand: 'x' } });
      },
    },
    {
      operation: RUN,
      status: 402,
      code: 'sandbox_quota_exceeded',
      send: async () => {
        const { key, accountId } = await s().account('business', { sandbox: true });
        await s().db.query(
          'INSERT INTO sandbox_usage (account_id, service_code, period, calls) VALUES ($1, $2, $3, 20)',
          [accountId, 'verify.brand_check', monthOf(new Date())],
        );
        return run(key, { service_code: 'verify.brand_check', payload: { brand: 'x' } });
      },
    },
    {
      operation: RUN,
      status: 403,
      code: 'tier_insufficient',
      send: async () => {
        const { key, accountId } = await s().account('business');
        await s().admin('PATCH', `/admin/v1/accounts/${accountId}`, { tier: 'pro' });
        return run(key, { service_code: 'verify.brand_check', payload: { brand: 'x' } });
      },
    },
    { operation: RUN, status: 409, code: 'idempotency_key_in_use', send: () => context.inUse() },
    {
      operation: RUN,
      status: 422,
      code: 'idempotency_key_mismatch',
      send: async () => {
        const { key, keyId, accountId } = await s().account('business');
        const idempotencyKey = randomUUID();
        await claimRun(s().db, {
          id: `run_${randomUUID().replaceAll('-', '')}`,
          keyId,
          accountId,
          idempotencyKey,
          requestHash: 'a different request',
          serviceCode: 'verify.brand_check',
          payload: { brand: 'y' },
          lang: 'zh',
          sandbox: false,
          isAsync: false,
          callbackUrl: null,
          period: monthOf(new Date()),
          retentionDays: 30,
        });
        return run(key, {
          service_code: 'verify.brand_check',
          payload: { brand: 'x' },
          idempotency_key: idempotencyKey,
        });
      },
    },
    {
      operation: RUN,
      status: 429,
      code: 'rate_limited',
      send: async () =>
        run(await limitedKey(), { service_code: 'verify.brand_check', payload: { brand: 'x' } }),
    },
    {
      operation: RUN,
      status: 500,
      code: 'engine_error',
      send: async () =>
        run(await business(), { service_code: context.failingCode, payload: { product: 'LED lamps' } }),
    },
    {
      operation: RUN,
      status: 502,
      code: 'charge_backend_error',
      pending: standalonePending,
      send: async () => {
        const down = context.paymentsDown();
        const { key, accountId } = await down.account('business');
        await down.admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'succeed' });
        return down.call('POST', '/api/v1/business/run', {
          key,
          body: { service_code: NPI, payload: { product: 'x' } },
        });
      },
    },
    {
      operation: SERVICES,
      status: 200,
      send: async () => s().call('GET', '/api/v1/business/services', { key: await business() }),
    },
    {
      operation: SERVICES,
      status: 401,
      code: 'invalid_api_key',
      send: () => s().call('GET', '/api/v1/business/services'),
    },
    {
      operation: SERVICES,
      status: 403,
      code: 'tier_insufficient',
      send: async () => {
        const { key, accountId } = await s().account('business');
        await s().admin('PATCH', `/admin/v1/accounts/${accountId}`, { tier: 'free' });
        return s().call('GET', '/api/v1/business/services', { key });
      },
    },
    {
      operation: SERVICES,
      status: 429,
      code: 'rate_limited',
      send: async () => s().call('GET', '/api/v1/business/services', { key: await limitedKey() }),
    },
  ];
  return [...list, ...laterRouteProbes(context)];
}
