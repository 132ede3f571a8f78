// Per-key sliding-window limits through the real server, and the Redis window store against the
// local Redis server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../../src/http/ratelimit/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_MAX_PER_MIN: '3', RATE_LIMIT_BUSINESS_PER_MIN: '5' } });
});
afterAll(async () => {
  await server.close();
});

describe('rate limits', () => {
  it('answers 429 rate_limited past the max limit, with retry_after, limit_per_min and Retry-After', async () => {
    const { key } = await server.account('max');
    for (let i = 0; i < 3; i++) {
      const ok = await server.call('GET', '/api/v1/business/services', { key });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toBe('"per-key";q=3;w=60');
      expect(ok.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${2 - i};t=\\d+$`));
    }
    const limited = await server.call('GET', '/api/v1/business/services', { key });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatchObject({ error: 'rate_limited', limit_per_min: 3 });
    expect(limited.body.detail.retry_after).toBeGreaterThanOrEqual(1);
    expect(limited.body.detail.retry_after).toBeLessThanOrEqual(60);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.detail.retry_after));
    expect(limited.headers.get('ratelimit')).toMatch(/r=0/);
    // Also /run: a limited call never reaches billing.
    const run = await server.call('POST', '/api/v1/business/run', {
      key,
      body: { service_code: 'decide.market', payload: { product: 'x' } },
    });
    expect(run.status).toBe(429);
  });

  it('counts each key on its own and gives business keys the business limit', async () => {
    const business = await server.account('business');
    const sandbox = await server.account('free', { sandbox: true });
    let allowed = 0;
    for (let i = 0; i < 7; i++) {
      if ((await server.call('GET', '/api/v1/business/services', { key: business.key })).status === 200)
        allowed++;
    }
    expect(allowed).toBe(5);
    // Sandbox keys are limited like max, and untouched by the business key's window.
    let sandboxAllowed = 0;
    for (let i = 0; i < 4; i++) {
      if ((await server.call('GET', '/api/v1/business/services', { key: sandbox.key })).status === 200)
        sandboxAllowed++;
    }
    expect(sandboxAllowed).toBe(3);
  });
});

describe.each([
  ['memory', () => new MemoryRateLimitStore()],
  [
    'redis',
    () =>
      new RedisRateLimitStore(
        process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        `bizfn:test:${process.pid}:${Date.now()}:`,
      ),
  ],
])('%s window store', (_name, make) => {
  it('slides: a request leaves the window exactly a window after it was counted', async () => {
    const store = make();
    try {
      const t0 = 1_000_000;
      expect((await store.hit('k', 2, 60_000, t0)).allowed).toBe(true);
      expect((await store.hit('k', 2, 60_000, t0 + 30_000)).allowed).toBe(true);
      const full = await store.hit('k', 2, 60_000, t0 + 59_999);
      expect(full).toMatchObject({ allowed: false, count: 2 });
      expect(full.resetMs).toBe(1);
      // The first request has left; one slot is free again, and refusals were not counted.
      expect((await store.hit('k', 2, 60_000, t0 + 60_000)).allowed).toBe(true);
      expect((await store.hit('k', 2, 60_000, t0 + 60_001)).allowed).toBe(false);
      expect((await store.hit('other', 2, 60_000, t0 + 60_001)).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });
});
