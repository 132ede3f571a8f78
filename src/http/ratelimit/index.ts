// Per-key limits over a 60-second sliding window, with the IETF RateLimit headers on every answer.
import type { AuthContext } from '../../accounts/index.ts';
import type { Config } from '../../config/index.ts';
import { MemoryRateLimitStore } from './memory.ts';
import { RedisRateLimitStore } from './redis.ts';
import type { RateLimitStore } from './types.ts';

export { MemoryRateLimitStore } from './memory.ts';
export { RedisRateLimitStore } from './redis.ts';
export type { HitResult, RateLimitStore } from './types.ts';

export const WINDOW_MS = 60_000;

export function createRateLimitStore(config: Pick<Config, 'REDIS_URL'>): RateLimitStore {
  return config.REDIS_URL ? new RedisRateLimitStore(config.REDIS_URL) : new MemoryRateLimitStore();
}

/** Requests per minute for a key: business keys get the business rate, all others (sandbox too) max. */
export function limitFor(auth: AuthContext, config: Config): number {
  return !auth.sandbox && auth.tier === 'business'
    ? config.RATE_LIMIT_BUSINESS_PER_MIN
    : config.RATE_LIMIT_MAX_PER_MIN;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  headers: Record<string, string>;
}

export async function checkRate(
  store: RateLimitStore,
  auth: AuthContext,
  config: Config,
  nowMs: number,
): Promise<RateDecision> {
  const limit = limitFor(auth, config);
  const hit = await store.hit(auth.keyId, limit, WINDOW_MS, nowMs);
  const remaining = Math.max(0, limit - hit.count);
  const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
  return {
    allowed: hit.allowed,
    limit,
    remaining,
    resetSeconds,
    headers: {
      'RateLimit-Policy': `"per-key";q=${limit};w=${WINDOW_MS / 1000}`,
      RateLimit: `"per-key";r=${remaining};t=${resetSeconds}`,
    },
  };
}
