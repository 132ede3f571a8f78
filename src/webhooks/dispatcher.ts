// The delivery loop's unit of work: claim due deliveries into free slots, sign and send each,
// record each outcome as it comes. The worker calls runOnce on a timer, right after a job ends and
// whenever a slot frees, so the first attempt follows the job's end without waiting for a poll.
import type https from 'node:https';
import type { Database } from '../storage/index.ts';
import { claimDueDeliveries, type DeliveryRow, exhaustAbandoned, recordAttempt } from './outbox.ts';
import { createWebhookAgent, type SendOutcome, sendWebhook } from './send.ts';
import { signedHeaders } from './sign.ts';
import type { Resolver } from './ssrf.ts';

export interface DispatcherLog {
  warn(obj: object, msg?: string): void;
}

export interface DispatcherOptions {
  db: Database;
  /** CALLBACK_RETRY_SCHEDULE: delays before attempts 2..n. */
  schedule: readonly number[];
  /** CALLBACK_TIMEOUT per attempt. */
  timeoutMs: number;
  allowHosts: readonly string[];
  ca?: string | undefined;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Called after each attempt is recorded (the worker claims more). */
  onSettled?: () => void;
  log?: DispatcherLog;
  resolve?: Resolver;
}

export interface Dispatcher {
  /**
   * Claims as many due deliveries as there are free slots and starts them; resolves with how many
   * it started, without waiting for them, so one slow receiver never holds up the others.
   */
  runOnce(options?: { minFree?: number }): Promise<number>;
  /** Marks exhausted the deliveries whose final attempt died with its process. */
  sweep(): Promise<number>;
  /** Resolves when every attempt started so far has been recorded. */
  idle(): Promise<void>;
  close(): void;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const agent: https.Agent = createWebhookAgent(options.ca);
  const concurrency = options.concurrency ?? 100;
  const inFlight = new Set<Promise<void>>();
  // The lease outlives the attempt's own time-out, so only a dead process loses it.
  const leaseMs = options.timeoutMs + 30_000;

  async function attempt(row: DeliveryRow): Promise<void> {
    const headers = signedHeaders({
      body: row.body,
      secret: row.secret,
      eventId: row.id,
      jobId: row.job_id,
      now: new Date(),
    });
    let outcome: SendOutcome;
    try {
      outcome = await sendWebhook(row.url, headers, row.body, {
        timeoutMs: options.timeoutMs,
        allowHosts: options.allowHosts,
        agent,
        resolve: options.resolve,
      });
    } catch (error) {
      outcome = { ok: false, error: (error as Error).message, durationMs: 0 };
    }
    const status = await recordAttempt(
      options.db,
      row,
      { ok: outcome.ok, statusCode: outcome.status, error: outcome.ok ? undefined : outcome.error },
      options.schedule,
    );
    if (!outcome.ok) {
      options.log?.warn(
        { job_id: row.job_id, webhook_id: row.id, attempt: row.attempts, status, error: outcome.error },
        'webhook attempt failed',
      );
    }
  }

  return {
    async runOnce({ minFree = 1 } = {}) {
      const free = concurrency - inFlight.size;
      // Claiming in batches keeps the queries per delivery low when a backlog drains.
      if (free < Math.min(minFree, concurrency)) return 0;
      const rows = await claimDueDeliveries(options.db, free, leaseMs);
      for (const row of rows) {
        const running: Promise<void> = attempt(row)
          .catch((error: unknown) =>
            options.log?.warn({ err: error, webhook_id: row.id }, 'recording a webhook attempt failed'),
          )
          .finally(() => {
            inFlight.delete(running);
            options.onSettled?.();
          });
        inFlight.add(running);
      }
      return rows.length;
    },
    sweep() {
      return exhaustAbandoned(options.db);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close() {
      agent.destroy();
    },
  };
}
