// Redis sliding-window log: a sorted set per bucket scored by time, trimmed and counted in one
// Lua script so concurrent API processes share one exact window.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { HitResult, RateLimitStore } from './types.ts';

const SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
return {allowed, count, oldest or now}
`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'bizfn:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    this.redis.defineCommand('slidingHit', { numberOfKeys: 1, lua: SCRIPT });
  }

  async hit(bucket: string, limit: number, windowMs: number, nowMs: number): Promise<HitResult> {
    const member = `${nowMs}-${randomBytes(6).toString('hex')}`;
    const run = (
      this.redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number, string]>>
    ).slidingHit!;
    const [allowed, count, oldest] = await run.call(
      this.redis,
      this.prefix + bucket,
      nowMs,
      windowMs,
      limit,
      member,
    );
    return { allowed: allowed === 1, count, resetMs: Math.max(0, Number(oldest) + windowMs - nowMs) };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
