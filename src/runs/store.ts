// SQL for run records: the idempotency store. Uniqueness of (key, idempotency_key) among
// non-errored runs is an index, so two concurrent claims cannot both win.
import { LEDGER_COLUMNS } from '../billing/index.ts';
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

function runValues(run: NewRun): unknown[] {
  return [
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
  ];
}

/** The run insert; `$14`, when given, is the spTok charged with the claim. */
const insertRun = (withCharge: boolean) =>
  `INSERT INTO runs (id, key_id, account_id, idempotency_key, request_hash, service_code, payload, lang,
                     sandbox, is_async, callback_url, state, period, expires_at, sptok_charged)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, now() + make_interval(days => $13),
           ${withCharge ? '$14' : '0'})
   ON CONFLICT (key_id, idempotency_key) WHERE state <> 'errored' DO NOTHING`;

/** Inserts a pending run; false when the key already has a live run (the caller replays it). */
export async function claimRun(tx: Queryable, run: NewRun): Promise<boolean> {
  const { rows } = await tx.query(`${insertRun(false)} RETURNING id`, runValues(run));
  return rows.length === 1;
}

/**
 * Claims the key, counts the call and books its charge in one statement: the usage and ledger
 * rows are written only when the run row was inserted, so a lost claim writes nothing.
 * Returns the period's call count after this call, or undefined when the key was taken.
 */
export async function claimRunWithCharge(
  tx: Queryable,
  run: NewRun,
  charge: { sptok: number; ledgerValues: unknown[] },
): Promise<number | undefined> {
  const ledgerParams = charge.ledgerValues.map((_, i) => `$${i + 15}`).join(', ');
  const { rows } = await tx.query<{ calls: number | null }>(
    `WITH claimed AS (${insertRun(true)} RETURNING id),
          counted AS (
            INSERT INTO account_usage (account_id, period, calls) SELECT $3, $12, 1 FROM claimed
            ON CONFLICT (account_id, period) DO UPDATE SET calls = account_usage.calls + 1
            RETURNING calls),
          charged AS (
            INSERT INTO ledger_entries (${LEDGER_COLUMNS}) SELECT ${ledgerParams} FROM claimed RETURNING seq)
     SELECT (SELECT calls FROM counted) AS calls, (SELECT count(*) FROM charged) AS charged`,
    [...runValues(run), charge.sptok, ...charge.ledgerValues],
  );
  return rows[0]?.calls ?? undefined;
}

export async function findLiveRun(
  db: Queryable,
  keyId: string,
  idempotencyKey: string,
): Promise<RunRecord | undefined> {
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

/**
 * Moves a run to its next state; fields left undefined keep their value. With `from`, only a run
 * still in that state moves. Returns whether the run moved.
 */
export async function updateRun(
  tx: Queryable,
  runId: string,
  update: RunUpdate,
  from?: RunState,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE runs SET state = $2,
            http_status = COALESCE($3, http_status),
            response = COALESCE($4::json, response),
            sptok_charged = COALESCE($5, sptok_charged),
            usd_cents_charged = COALESCE($6, usd_cents_charged),
            payment_intent_id = COALESCE($7, payment_intent_id),
            checkout_session_id = COALESCE($8, checkout_session_id),
            job_id = COALESCE($9, job_id),
            updated_at = now()
      WHERE id = $1 AND ($10::text IS NULL OR state = $10)`,
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
      from ?? null,
    ],
  );
  return rowCount > 0;
}
