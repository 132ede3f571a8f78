// The durable job queue: SQL over the jobs table. A job is claimed with FOR UPDATE SKIP LOCKED
// under a lease its worker renews; a lease that runs out means the worker died, and the job is
// claimed again. `attempts` is the fencing token: only the latest attempt may finish the job.
import type { Queryable } from '../storage/index.ts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobRecord {
  id: string;
  run_id: string;
  key_id: string;
  account_id: string;
  service_code: string;
  payload: Record<string, unknown>;
  lang: 'zh' | 'en';
  sandbox: boolean;
  idempotency_key: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  result: Record<string, unknown> | null;
  error: JobError | null;
  usd_cents_charged: number;
  payment_id: string | null;
  payment_intent_id: string | null;
  callback_url: string | null;
  callback_secret: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The `error` of a failed job, in the contract's error vocabulary. */
export interface JobError {
  error: 'engine_rejected_input' | 'engine_error';
  msg: string;
  [extra: string]: unknown;
}

export interface NewJob {
  id: string;
  runId: string;
  keyId: string;
  accountId: string;
  serviceCode: string;
  payload: Record<string, unknown>;
  lang: string;
  sandbox: boolean;
  idempotencyKey: string;
  usdCentsCharged: number;
  paymentId: string | null;
  paymentIntentId: string | null;
  callbackUrl: string | null;
  callbackSecret: string | null;
  /** How many times a job may be started before a dying worker makes it fail (and refund). */
  maxAttempts?: number;
}

/** Call inside the transaction that records the charge, so a job exists exactly when it was paid for. */
export async function enqueueJob(tx: Queryable, job: NewJob): Promise<void> {
  await tx.query(
    `INSERT INTO jobs (id, run_id, key_id, account_id, service_code, payload, lang, sandbox, idempotency_key, status,
                       usd_cents_charged, payment_id, payment_intent_id, callback_url, callback_secret, max_attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $11, $12, $13, $14, $15)`,
    [
      job.id,
      job.runId,
      job.keyId,
      job.accountId,
      job.serviceCode,
      JSON.stringify(job.payload),
      job.lang,
      job.sandbox,
      job.idempotencyKey,
      job.usdCentsCharged,
      job.paymentId,
      job.paymentIntentId,
      job.callbackUrl,
      job.callbackSecret,
      job.maxAttempts ?? 3,
    ],
  );
}

const LEASE = 'make_interval(secs => $2::double precision / 1000)';

/** Claims up to `limit` jobs: queued ones, and running ones whose worker stopped renewing the lease. */
export async function claimJobs(
  db: Queryable,
  workerId: string,
  leaseMs: number,
  limit: number,
): Promise<JobRecord[]> {
  const { rows } = await db.query<JobRecord>(
    `UPDATE jobs j
        SET status = 'running', attempts = j.attempts + 1, locked_by = $1, locked_until = now() + ${LEASE},
            started_at = COALESCE(j.started_at, now()), updated_at = now()
      WHERE j.id IN (
              SELECT id FROM jobs
               WHERE (status = 'queued' OR (status = 'running' AND locked_until < now()))
                 AND attempts < max_attempts
               ORDER BY created_at
               LIMIT $3
               FOR UPDATE SKIP LOCKED)
      RETURNING j.*`,
    [workerId, leaseMs, limit],
  );
  return rows;
}

/** Extends the lease; false when the job is no longer this attempt's (taken over or finished). */
export async function renewLease(
  db: Queryable,
  job: Pick<JobRecord, 'id' | 'attempts'>,
  leaseMs: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET locked_until = now() + ${LEASE}
      WHERE id = $1 AND status = 'running' AND attempts = $3`,
    [job.id, leaseMs, job.attempts],
  );
  return rowCount === 1;
}

export type JobEnd =
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'failed'; error: JobError };

/**
 * Finishes the job if this attempt still holds it; the returned row is the finished job, or
 * undefined when another attempt owns it now (its result is then discarded: never finished twice).
 */
export async function finishJob(
  tx: Queryable,
  job: Pick<JobRecord, 'id' | 'attempts'>,
  end: JobEnd,
): Promise<JobRecord | undefined> {
  const { rows } = await tx.query<JobRecord>(
    `UPDATE jobs SET status = $3, result = $4, error = $5, finished_at = now(), locked_by = NULL, locked_until = NULL,
            updated_at = now()
      WHERE id = $1 AND attempts = $2 AND status = 'running'
      RETURNING *`,
    [
      job.id,
      job.attempts,
      end.status,
      end.status === 'succeeded' ? JSON.stringify(end.result) : null,
      end.status === 'failed' ? JSON.stringify(end.error) : null,
    ],
  );
  return rows[0];
}

/** Jobs whose every attempt died with its worker: locked so that one process fails each. */
export async function lockAbandonedJobs(tx: Queryable, limit = 20): Promise<JobRecord[]> {
  const { rows } = await tx.query<JobRecord>(
    `SELECT * FROM jobs
      WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts
      ORDER BY created_at LIMIT $1
      FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return rows;
}

export async function getJob(db: Queryable, id: string): Promise<JobRecord | undefined> {
  const { rows } = await db.query<JobRecord>('SELECT * FROM jobs WHERE id = $1', [id]);
  return rows[0];
}
