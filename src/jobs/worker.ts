// The worker loop, run inside the server by default and alone by `bizfn worker`: it runs queued
// jobs under renewed leases, sends due webhooks, retries owed refunds, fails jobs whose workers
// kept dying and settles charges a crash left unknown. Every step is safe to run in many processes.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  DEFAULT_REFUND_SCHEDULE,
  type PaymentProvider,
  processDueRefunds,
  reconcilePendingPayments,
  refundNow,
} from '../billing/payments/index.ts';
import type { Config } from '../config/index.ts';
import type { Database } from '../storage/index.ts';
import { createDispatcher } from '../webhooks/index.ts';
import { type Completed, completeJob, failAbandonedJobs, type OnJobFailed } from './complete.ts';
import { claimJobs, type JobEnd, type JobRecord, renewLease } from './queue.ts';

/** What running a job's engine produced; the shape the run pipeline's executeEngine returns. */
export type JobOutcome =
  | { kind: 'ok'; result: Record<string, unknown> }
  | { kind: 'rejected'; msg: string; field?: string | undefined; suggestions?: readonly string[] | undefined }
  | { kind: 'failed'; msg: string };

export type JobExecutor = (job: JobRecord) => Promise<JobOutcome>;

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  /** Jobs run at once by this process. */
  concurrency?: number;
  pollMs?: number;
  /** A job whose worker has not renewed its lease for this long is taken over. */
  leaseMs?: number;
  refundSchedule?: readonly number[];
  /** Payments pending this long are asked about at the provider. */
  reconcileAfterMs?: number;
  /** Extra trusted CA for webhook receivers (tests). */
  webhookCa?: string;
  workerId?: string;
  /** How often payments are reconciled and interrupted runs recovered. */
  housekeepingMs?: number;
}

export interface WorkerDeps {
  db: Database;
  config: Pick<Config, 'CALLBACK_RETRY_SCHEDULE' | 'CALLBACK_TIMEOUT' | 'CALLBACK_ALLOW_HOSTS'>;
  provider: PaymentProvider;
  execute: JobExecutor;
  /** In the transaction that fails a job: undo what the run pipeline counted for it. */
  onJobFailed?: OnJobFailed;
  /** Extra periodic housekeeping (the run pipeline's recovery of interrupted runs). */
  housekeeping?: () => Promise<unknown>;
  log?: WorkerLog;
  options?: WorkerOptions;
}

export interface Worker {
  readonly id: string;
  /** Run a round now (a job was just queued or finished here). */
  wake(): void;
  /** Stops claiming; waits for the jobs in hand (up to `graceMs`), then returns. */
  stop(graceMs?: number): Promise<void>;
}

/** Free delivery slots that make a finished attempt claim more at once (of 100). */
const DELIVERY_REFILL = 25;

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

function toEnd(outcome: JobOutcome): JobEnd {
  if (outcome.kind === 'ok') return { status: 'succeeded', result: outcome.result };
  if (outcome.kind === 'rejected') {
    return {
      status: 'failed',
      error: {
        error: 'engine_rejected_input',
        msg: outcome.msg,
        ...(outcome.field ? { field: outcome.field } : {}),
        ...(outcome.suggestions ? { suggestions: outcome.suggestions } : {}),
      },
    };
  }
  return { status: 'failed', error: { error: 'engine_error', msg: outcome.msg } };
}

export function startWorker(deps: WorkerDeps): Worker {
  const options = deps.options ?? {};
  const log = deps.log ?? silent;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 500;
  const leaseMs = options.leaseMs ?? 15_000;
  const refundSchedule = options.refundSchedule ?? DEFAULT_REFUND_SCHEDULE;
  const schedule = deps.config.CALLBACK_RETRY_SCHEDULE;
  const dispatcher = createDispatcher({
    db: deps.db,
    schedule,
    timeoutMs: deps.config.CALLBACK_TIMEOUT,
    allowHosts: deps.config.CALLBACK_ALLOW_HOSTS,
    ca: options.webhookCa,
    log,
    onSettled: () => refill(),
  });

  // Delivery slots are refilled on their own, lighter path: one claim at a time, coalesced.
  let refilling = false;
  let refillAgain = false;
  function refill(): void {
    if (stopping) return;
    if (refilling) {
      refillAgain = true;
      return;
    }
    refilling = true;
    dispatcher
      .runOnce({ minFree: DELIVERY_REFILL })
      .catch((error: unknown) => log.error({ err: error }, 'webhook round failed'))
      .finally(() => {
        refilling = false;
        if (refillAgain) {
          refillAgain = false;
          refill();
        }
      });
  }

  const inHand = new Map<string, Promise<void>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  let lastReconcile = 0;

  async function afterCompletion(done: Completed): Promise<void> {
    if (done.refundId) {
      const state = await refundNow(deps.db, deps.provider, done.refundId, refundSchedule);
      if (state !== 'succeeded')
        log.warn({ job_id: done.job.id, refund_id: done.refundId }, 'refund owed; will retry');
    }
    if (done.webhook) wake();
  }

  async function runJob(job: JobRecord): Promise<void> {
    const heartbeat = setInterval(
      () => {
        renewLease(deps.db, job, leaseMs).catch((error: unknown) =>
          log.warn({ err: error, job_id: job.id }, 'lease renewal failed'),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      let outcome: JobOutcome;
      try {
        outcome = await deps.execute(job);
      } catch (error) {
        log.error({ err: error, job_id: job.id }, 'job executor threw');
        outcome = { kind: 'failed', msg: 'the engine failed; the charge has been refunded' };
      }
      const done = await completeJob(deps.db, job, toEnd(outcome), schedule, deps.onJobFailed);
      if (!done) {
        log.warn(
          { job_id: job.id, attempt: job.attempts },
          'job was taken over by another worker; result discarded',
        );
        return;
      }
      log.info({ job_id: job.id, status: done.job.status }, 'job finished');
      await afterCompletion(done);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function oneRound(): Promise<void> {
    if (!stopping && inHand.size < concurrency) {
      const claimed = await claimJobs(deps.db, id, leaseMs, concurrency - inHand.size);
      for (const job of claimed) {
        const running = runJob(job)
          .catch((error: unknown) => log.error({ err: error, job_id: job.id }, 'job crashed in the worker'))
          .finally(() => {
            inHand.delete(job.id);
            wake();
          });
        inHand.set(job.id, running);
      }
    }
    for (const done of await failAbandonedJobs(deps.db, schedule, deps.onJobFailed)) {
      log.warn({ job_id: done.job.id }, 'job abandoned by its workers: failed and refunded');
      await afterCompletion(done);
    }
    // Fills the free delivery slots; finished attempts refill theirs in batches.
    await dispatcher.sweep();
    await dispatcher.runOnce();
    await processDueRefunds(deps.db, deps.provider, refundSchedule);
    const now = Date.now();
    if (now - lastReconcile > (options.housekeepingMs ?? 30_000)) {
      lastReconcile = now;
      await reconcilePendingPayments(deps.db, deps.provider, options.reconcileAfterMs ?? 120_000);
      if (deps.housekeeping) await deps.housekeeping();
    }
  }

  function scheduleRound(delay: number): void {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(wake, delay);
  }

  function wake(): void {
    if (stopping) return;
    if (round) {
      again = true;
      return;
    }
    clearTimeout(timer);
    round = oneRound()
      .catch((error: unknown) => log.error({ err: error }, 'worker round failed'))
      .finally(() => {
        round = undefined;
        if (again) {
          again = false;
          wake();
        } else {
          scheduleRound(pollMs);
        }
      });
  }

  wake();
  log.info({ worker_id: id, concurrency, lease_ms: leaseMs }, 'worker started');

  return {
    id,
    wake,
    async stop(graceMs = 10_000) {
      stopping = true;
      clearTimeout(timer);
      const pending = Promise.all([...inHand.values(), round]);
      await Promise.race([
        Promise.all([pending, dispatcher.idle()]),
        new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
      ]);
      dispatcher.close();
    },
  };
}
