// Ending a job: in one transaction the job is finished (if this attempt still holds it), the
// refund of a failed job is owed, and the webhook is put in the outbox. Either all of it
// happened or none did, so a crash here leaves a job that is simply run or failed again.
import { getPayment, requestRefund } from '../billing/payments/index.ts';
import { iso } from '../lib/time.ts';
import type { Database, Queryable, Transaction } from '../storage/index.ts';
import { type CallbackState, callbackStateOf, enqueueDelivery } from '../webhooks/index.ts';
import { finishJob, type JobEnd, type JobRecord, lockAbandonedJobs } from './queue.ts';

const usd = (cents: number) => cents / 100;

/** The webhook body (the contract's fields; `job.failed` as DESIGN.md defines it). */
export function webhookBody(job: JobRecord): Record<string, unknown> {
  const common = {
    job_id: job.id,
    service_code: job.service_code,
    idempotency_key: job.idempotency_key,
  };
  if (job.status === 'succeeded') {
    return {
      event: 'job.succeeded',
      ...common,
      ok: true,
      result: job.result,
      usd_charged: usd(job.usd_cents_charged),
      payment_intent_id: job.payment_intent_id,
      finished_at: iso(job.finished_at),
    };
  }
  return {
    event: 'job.failed',
    ...common,
    ok: false,
    error: job.error,
    usd_charged: 0,
    refunded: true,
    payment_intent_id: job.payment_intent_id,
    finished_at: iso(job.finished_at),
  };
}

export interface Completed {
  job: JobRecord;
  /** The refund owed by a failed, paid job: the caller tries it at once. */
  refundId?: string;
  /** True when a webhook was queued. */
  webhook: boolean;
}

/** Runs in the transaction that fails a job (the run pipeline takes the call off the month's count). */
export type OnJobFailed = (tx: Transaction, job: JobRecord) => Promise<void>;

async function settle(
  tx: Transaction,
  finished: JobRecord,
  schedule: readonly number[],
  onFailed: OnJobFailed | undefined,
): Promise<Completed> {
  let refundId: string | undefined;
  if (finished.status === 'failed' && onFailed) await onFailed(tx, finished);
  if (finished.status === 'failed' && finished.payment_id) {
    const payment = await getPayment(tx, finished.payment_id);
    if (payment?.status === 'succeeded') {
      refundId = await requestRefund(
        tx,
        payment,
        `job ${finished.id} failed: ${finished.error?.error ?? 'engine_error'}`,
      );
    }
  }
  let webhook = false;
  if (finished.callback_url && finished.callback_secret) {
    await enqueueDelivery(tx, {
      jobId: finished.id,
      url: finished.callback_url,
      secret: finished.callback_secret,
      body: JSON.stringify(webhookBody(finished)),
      schedule,
    });
    webhook = true;
  }
  return { job: finished, webhook, ...(refundId ? { refundId } : {}) };
}

/** Ends one attempt; undefined when another attempt has taken the job over (nothing is recorded). */
export async function completeJob(
  db: Database,
  job: Pick<JobRecord, 'id' | 'attempts'>,
  end: JobEnd,
  schedule: readonly number[],
  onFailed?: OnJobFailed,
): Promise<Completed | undefined> {
  return db.transaction(async (tx) => {
    const finished = await finishJob(tx, job, end);
    return finished ? settle(tx, finished, schedule, onFailed) : undefined;
  });
}

/** Fails (and refunds) jobs whose every attempt died with its worker, so none stays running forever. */
export async function failAbandonedJobs(
  db: Database,
  schedule: readonly number[],
  onFailed?: OnJobFailed,
): Promise<Completed[]> {
  return db.transaction(async (tx) => {
    const abandoned = await lockAbandonedJobs(tx);
    const done: Completed[] = [];
    for (const job of abandoned) {
      const finished = await finishJob(tx, job, {
        status: 'failed',
        error: {
          error: 'engine_error',
          msg: `the job was interrupted ${job.attempts} times and has been stopped; its charge is refunded`,
        },
      });
      if (finished) done.push(await settle(tx, finished, schedule, onFailed));
    }
    return done;
  });
}

export interface JobStatusObject {
  job_id: string;
  service_code: string;
  status: JobRecord['status'];
  idempotency_key: string;
  created_at: string | null;
  started_at?: string | null;
  finished_at?: string | null;
  result?: Record<string, unknown>;
  error?: JobRecord['error'];
  usd_charged: number;
  refunded?: boolean;
  payment_intent_id?: string | null;
  callback_status?: CallbackState['callback_status'];
  callback_attempts?: number;
}

/** The contract's job status object; callback fields only when a callback_url was set. */
export async function jobStatusObject(db: Queryable, job: JobRecord): Promise<JobStatusObject> {
  const body: JobStatusObject = {
    job_id: job.id,
    service_code: job.service_code,
    status: job.status,
    idempotency_key: job.idempotency_key,
    created_at: iso(job.created_at),
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
    usd_charged: job.status === 'failed' ? 0 : usd(job.usd_cents_charged),
    payment_intent_id: job.payment_intent_id,
  };
  if (job.status === 'succeeded' && job.result) body.result = job.result;
  if (job.status === 'failed') {
    body.error = job.error;
    body.refunded = true;
  }
  if (job.callback_url) Object.assign(body, await callbackStateOf(db, job.id));
  return body;
}
