// In-process sliding-window log: each bucket keeps the timestamps of its counted requests within
// the window (at most `limit` of them). Exact, and bounded by the limit per active key.
import type { HitResult, RateLimitStore } from './types.ts';

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, number[]>();
  private sweeps = 0;

  async hit(bucket: string, limit: number, windowMs: number, nowMs: number): Promise<HitResult> {
    const since = nowMs - windowMs;
    let log = this.windows.get(bucket);
    if (!log) {
      log = [];
      this.windows.set(bucket, log);
    }
    let expired = 0;
    while (expired < log.length && log[expired]! <= since) expired++;
    if (expired > 0) log.splice(0, expired);
    const allowed = log.length < limit;
    if (allowed) log.push(nowMs);
    if (++this.sweeps % 10_000 === 0) this.sweep(since);
    const oldest = log[0] ?? nowMs;
    return { allowed, count: log.length, resetMs: Math.max(0, oldest + windowMs - nowMs) };
  }

  /** Drops idle buckets so memory follows the number of active keys. */
  private sweep(since: number): void {
    for (const [bucket, log] of this.windows) {
      if (log.length === 0 || log[log.length - 1]! <= since) this.windows.delete(bucket);
    }
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}
