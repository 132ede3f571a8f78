// The delivery loop's unit of work: claim the due deliveries, sign and send each, record each
// outcome. The worker calls runOnce on a timer and right after a job ends, so the first attempt
// follows the job's end without waiting for the next poll.
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
  /** Deliveries sent at once per round. */
  batchSize?: number;
  log?: DispatcherLog;
  resolve?: Resolver;
}

export interface Dispatcher {
  /** One round; resolves with how many attempts it made. */
  runOnce(): Promise<number>;
  close(): void;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const agent: https.Agent = createWebhookAgent(options.ca);
  const batchSize = options.batchSize ?? 100;
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
    async runOnce() {
      await exhaustAbandoned(options.db);
      const rows = await claimDueDeliveries(options.db, batchSize, leaseMs);
      await Promise.all(rows.map(attempt));
      return rows.length;
    },
    close() {
      agent.destroy();
    },
  };
}
