// The webhook outbox: one row per finished job with a callback_url, written in the transaction
// that finishes the job, then attempted on the retry schedule until delivered or exhausted. All
// times come from the database clock so several processes agree on what is due.
import { newId } from '../lib/ids.ts';
import type { Queryable } from '../storage/index.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'exhausted';

export interface DeliveryRow {
  id: string;
  job_id: string;
  url: string;
  secret: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  max_attempts: number;
  /** The job's end, i.e. when the first attempt became due (for the delivery-latency figure). */
  created_at: Date;
}

export interface NewDelivery {
  jobId: string;
  url: string;
  secret: string;
  /** The exact JSON that is sent and signed on every attempt. */
  body: string;
  /** Delays before attempts 2..n; the attempt count is one more than its length. */
  schedule: readonly number[];
}

export async function enqueueDelivery(tx: Queryable, delivery: NewDelivery): Promise<string> {
  const id = newId('evt');
  await tx.query(
    `INSERT INTO webhook_deliveries (id, job_id, url, secret, body, status, max_attempts)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6)
     ON CONFLICT (job_id) DO NOTHING`,
    [id, delivery.jobId, delivery.url, delivery.secret, delivery.body, delivery.schedule.length + 1],
  );
  return id;
}

/**
 * Takes up to `limit` due deliveries under a lease, counting the attempt as started. A delivery
 * whose lease ran out (its process died mid-attempt) is due again at once.
 */
export async function claimDueDeliveries(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `UPDATE webhook_deliveries d
        SET attempts = d.attempts + 1,
            locked_until = now() + make_interval(secs => $2::double precision / 1000),
            first_attempt_at = COALESCE(d.first_attempt_at, now()),
            updated_at = now()
      WHERE d.id IN (
              SELECT id FROM webhook_deliveries
               WHERE status IN ('pending', 'failed')
                 AND next_attempt_at <= now()
                 AND attempts < max_attempts
                 AND (locked_until IS NULL OR locked_until < now())
               ORDER BY next_attempt_at
               LIMIT $1
               FOR UPDATE SKIP LOCKED)
      RETURNING d.id, d.job_id, d.url, d.secret, d.body, d.status, d.attempts, d.max_attempts, d.created_at`,
    [limit, leaseMs],
  );
  return rows;
}

/** Deliveries whose last attempt died with its process after using the final attempt. */
export async function exhaustAbandoned(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries
        SET status = 'exhausted', locked_until = NULL, updated_at = now(),
            last_error = COALESCE(last_error, 'the last attempt was interrupted')
      WHERE status IN ('pending', 'failed') AND attempts >= max_attempts
        AND (locked_until IS NULL OR locked_until < now())`,
  );
  return rowCount;
}

export interface AttemptResult {
  ok: boolean;
  statusCode?: number | undefined;
  error?: string | undefined;
}

/**
 * Settles one attempt. Only the holder of that attempt may settle it (attempts is the fencing
 * token), so a slow process whose lease was taken over cannot overwrite a newer outcome.
 */
export async function recordAttempt(
  db: Queryable,
  row: Pick<DeliveryRow, 'id' | 'attempts' | 'max_attempts'>,
  result: AttemptResult,
  schedule: readonly number[],
): Promise<DeliveryStatus> {
  const status: DeliveryStatus = result.ok
    ? 'delivered'
    : row.attempts >= row.max_attempts
      ? 'exhausted'
      : 'failed';
  const delayMs = result.ok ? 0 : (schedule[row.attempts - 1] ?? schedule[schedule.length - 1] ?? 0);
  await db.query(
    `UPDATE webhook_deliveries
        SET status = $3,
            locked_until = NULL,
            last_status_code = $4,
            last_error = $5,
            next_attempt_at = now() + make_interval(secs => $6::double precision / 1000),
            delivered_at = CASE WHEN $3 = 'delivered' THEN now() ELSE delivered_at END,
            updated_at = now()
      WHERE id = $1 AND attempts = $2`,
    [
      row.id,
      row.attempts,
      status,
      result.statusCode ?? null,
      result.ok ? null : (result.error ?? null),
      delayMs,
    ],
  );
  return status;
}

export interface CallbackState {
  callback_status: 'none' | DeliveryStatus;
  callback_attempts: number;
}

/** What the job status object shows: `none` until the job ends and a delivery exists. */
export async function callbackStateOf(db: Queryable, jobId: string): Promise<CallbackState> {
  const { rows } = await db.query<{ status: DeliveryStatus; attempts: number }>(
    'SELECT status, attempts FROM webhook_deliveries WHERE job_id = $1',
    [jobId],
  );
  const row = rows[0];
  return row
    ? { callback_status: row.status, callback_attempts: row.attempts }
    : { callback_status: 'none', callback_attempts: 0 };
}
