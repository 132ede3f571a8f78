// A sliding-window rate limiter over a pluggable store: in process by default, Redis when several
// API processes must share one window per key.

export interface HitResult {
  allowed: boolean;
  /** Requests counted in the current window, including this one when allowed. */
  count: number;
  /** Milliseconds until the oldest counted request leaves the window. */
  resetMs: number;
}

export interface RateLimitStore {
  /** Records a request for bucket unless the window already holds `limit`; answers either way. */
  hit(bucket: string, limit: number, windowMs: number, nowMs: number): Promise<HitResult>;
  close(): Promise<void>;
}
