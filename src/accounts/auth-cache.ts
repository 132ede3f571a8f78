// Authenticating a key is one indexed read, but it happens on every request. Each process keeps
// the answer for a short time; revocations and tier changes made through this process's admin API
// drop it at once, and other processes see them within the TTL.
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../storage/index.ts';
import { type AuthContext, authenticate } from './index.ts';
import { hashKey } from './keys.ts';

export const AUTH_CACHE_TTL_MS = 2000;

export class Authenticator {
  private readonly cache: LRUCache<string, AuthContext>;

  constructor(
    private readonly db: Queryable,
    ttlMs = AUTH_CACHE_TTL_MS,
  ) {
    this.cache = new LRUCache({ max: 10_000, ttl: ttlMs });
  }

  async authenticate(key: string): Promise<AuthContext | undefined> {
    const hash = hashKey(key);
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const auth = await authenticate(this.db, key);
    // Unknown keys are not cached: a key created a moment ago must work at once.
    if (auth) this.cache.set(hash, auth);
    return auth;
  }

  /** Forgets every cached key of an account (its tier changed or one of its keys was revoked). */
  forgetAccount(accountId: string): void {
    for (const [hash, auth] of this.cache.entries()) {
      if (auth.accountId === accountId) this.cache.delete(hash);
    }
  }

  forgetKey(keyId: string): void {
    for (const [hash, auth] of this.cache.entries()) {
      if (auth.keyId === keyId) this.cache.delete(hash);
    }
  }
}
