// SQL for run records: the idempotency store. Uniqueness of (key, idempotency_key) among
// non-errored runs is an index, so two concurrent claims cannot both win.
import type { Queryable } from '../storage/index.ts';

export type RunState = 'pending' | 'succeeded' | 'rejected' | 'charge_failed' | 'queued' | 'errored';

export interface RunRecord {
  id: string;
  key_id: string;
  account_id: string;
  idempotency_key: string;
  request_hash: string;
  service_code: string;
  payload: Record<string, unknown>;
  lang: 'zh' | 'en';
  sandbox: boolean;
  is_async: boolean;
  callback_url: string | null;
  state: RunState;
  http_status: number | null;
  response: Record<string, unknown> | null;
  sptok_charged: number;
  usd_cents_charged: number;
  payment_intent_id: string | null;
  checkout_session_id: string | null;
  job_id: string | null;
  period: string;
  created_at: Date;
}

export interface NewRun {
  id: string;
  keyId: string;
  accountId: string;
  idempotencyKey: string;
  requestHash: string;
  serviceCode: string;
  payload: Record<string, unknown>;
  lang: string;
  sandbox: boolean;
  isAsync: boolean;
  callbackUrl: string | null;
  period: string;
  retentionDays: number;
}

/** Inserts a pending run; false when the key already has a live run (the caller replays it). */
export async function claimRun(tx: Queryable, run: NewRun): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO runs (id, key_id, account_id, idempotency_key, request_hash, service_code, payload, lang,
                       sandbox, is_async, callback_url, state, period, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, now() + make_interval(days => $13))
     ON CONFLICT (key_id, idempotency_key) WHERE state <> 'errored' DO NOTHING
     RETURNING id`,
    [
      run.id,
      run.keyId,
      run.accountId,
      run.idempotencyKey,
      run.requestHash,
      run.serviceCode,
      JSON.stringify(run.payload),
      run.lang,
      run.sandbox,
      run.isAsync,
      run.callbackUrl,
      run.period,
      run.retentionDays,
    ],
  );
  return rows.length === 1;
}

export async function findLiveRun(db: Queryable, keyId: string, idempotencyKey: string): Promise<RunRecord | undefined> {
  const { rows } = await db.query<RunRecord>(
    "SELECT * FROM runs WHERE key_id = $1 AND idempotency_key = $2 AND state <> 'errored'",
    [keyId, idempotencyKey],
  );
  return rows[0];
}

export async function getRun(db: Queryable, runId: string): Promise<RunRecord | undefined> {
  const { rows } = await db.query<RunRecord>('SELECT * FROM runs WHERE id = $1', [runId]);
  return rows[0];
}

export interface RunUpdate {
  state: RunState;
  httpStatus?: number | null;
  response?: Record<string, unknown> | null;
  sptokCharged?: number;
  usdCentsCharged?: number;
  paymentIntentId?: string | null;
  checkoutSessionId?: string | null;
  jobId?: string | null;
}

/** Moves a run to its next state; fields left undefined keep their value. */
export async function updateRun(tx: Queryable, runId: string, update: RunUpdate): Promise<void> {
  await tx.query(
    `UPDATE runs SET state = $2,
            http_status = COALESCE($3, http_status),
            response = COALESCE($4::json, response),
            sptok_charged = COALESCE($5, sptok_charged),
            usd_cents_charged = COALESCE($6, usd_cents_charged),
            payment_intent_id = COALESCE($7, payment_intent_id),
            checkout_session_id = COALESCE($8, checkout_session_id),
            job_id = COALESCE($9, job_id),
            updated_at = now()
      WHERE id = $1`,
    [
      runId,
      update.state,
      update.httpStatus ?? null,
      update.response ? JSON.stringify(update.response) : null,
      update.sptokCharged ?? null,
      update.usdCentsCharged ?? null,
      update.paymentIntentId ?? null,
      update.checkoutSessionId ?? null,
      update.jobId ?? null,
    ],
  );
}
