// What the standalone side shares between /run, deliver, the job route and the worker: the
// context type, answers in the contract's words, closing a run with its refund, and the recovery
// of standalone runs a crash left pending.
import {
  type PaymentBackendError,
  type PaymentRecord,
  type Payments,
  refundNow,
  requestRefund,
} from '../billing/payments/index.ts';
import { SERVICES } from '../catalog/index.ts';
import { ApiError } from '../lib/errors.ts';
import type { Queryable } from '../storage/index.ts';
import type { RunDeps } from './deps.ts';
import type { EngineResult, ExecuteInput } from './execute.ts';
import { uncountCall } from './pipeline.ts';
import { type RunUpdate, updateRun } from './store.ts';
/** How a service is run: executeEngine, unless a caller wraps it (the crash test makes it slow). */
export type Execute = (deps: RunDeps, input: ExecuteInput) => Promise<EngineResult>;

/** What the standalone side shares between /run, the deliver and job routes and the worker. */
export interface StandaloneContext {
  readonly payments: Payments;
  readonly execute: Execute;
  /** Wakes this process's workers (a job was just queued). */
  wake(): void;
}

const POOLED_CODES = SERVICES.filter((service) => service.pooled).map((service) => service.code);

/** A synchronous standalone call may block three minutes; pending far longer means its process died. */
export const STANDALONE_STALE_MS = 10 * 60_000;

export const jobUrl = (deps: RunDeps, jobId: string) =>
  `${deps.publicBaseUrl()}/api/v1/business/jobs/${jobId}`;
export const deliverUrl = (deps: RunDeps, sessionId: string) =>
  `${deps.publicBaseUrl()}/api/v1/business/checkout/${sessionId}/deliver`;

/** The engine's failure as the contract's error, with `refunded: true` (the charge is given back). */
export function engineFailure(
  outcome: Exclude<EngineResult, { kind: 'ok' }>,
  idempotencyKey: string,
): ApiError {
  return outcome.kind === 'rejected'
    ? new ApiError('engine_rejected_input', outcome.msg, {
        ...(outcome.field ? { field: outcome.field } : {}),
        ...(outcome.suggestions ? { suggestions: outcome.suggestions } : {}),
        refunded: true,
        idempotency_key: idempotencyKey,
      })
    : new ApiError('engine_error', outcome.msg, { refunded: true, idempotency_key: idempotencyKey });
}

/** Closes a run whose charge is given back: refund owed, call uncounted, outcome stored, in one transaction. */
export async function refundAndRecord(
  deps: RunDeps,
  ctx: StandaloneContext,
  input: {
    runId: string;
    run: RunKey;
    payment?: PaymentRecord | undefined;
    state: 'rejected' | 'errored';
    error: ApiError;
  },
): Promise<void> {
  let refundId: string | undefined;
  await deps.db.transaction(async (tx) => {
    if (input.payment) refundId = await requestRefund(tx, input.payment, input.error.code);
    // Recovery may have closed (and uncounted) the run already; the refund above is one per payment.
    if (!(await lockPending(tx, input.runId))) return;
    // A pending sandbox run took no quota yet (quota and job commit together).
    if (!input.run.sandbox) await uncountCall(tx, input.run);
    await updateRun(tx, input.runId, {
      state: input.state,
      httpStatus: input.error.status,
      response: input.error.toBody(),
    });
  });
  if (refundId) {
    const state = await refundNow(deps.db, ctx.payments.provider, refundId);
    if (state !== 'succeeded')
      deps.log.warn({ run_id: input.runId, refund_id: refundId }, 'refund owed; the worker retries it');
  }
}

/** Locks the run; true when it is still pending (nobody, recovery included, has closed it). */
async function lockPending(tx: Queryable, runId: string): Promise<boolean> {
  const { rows } = await tx.query<{ state: string }>('SELECT state FROM runs WHERE id = $1 FOR UPDATE', [
    runId,
  ]);
  return rows[0]?.state === 'pending';
}

/**
 * Stores a run's success, unless recovery closed the run first (it outlived STANDALONE_STALE_MS
 * and was refunded): then the caller answers engine_error instead of handing out a refunded result.
 */
export async function succeedIfPending(
  deps: RunDeps,
  runId: string,
  update: Omit<RunUpdate, 'state'>,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockPending(tx, runId))) return false;
    await updateRun(tx, runId, { ...update, state: 'succeeded' });
    return true;
  });
}

export function closedMeanwhile(idempotencyKey: string): ApiError {
  return new ApiError('engine_error', 'the call ran too long and was closed; its charge has been refunded', {
    refunded: true,
    idempotency_key: idempotencyKey,
  });
}

/** What uncountCall needs to know about a run. */
export interface RunKey {
  account_id: string;
  period: string;
  service_code: string;
  sandbox: boolean;
}

/** Frees the key of a run that never got going, keeping the answer for audit. */
export async function closeErrored(
  deps: RunDeps,
  runId: string,
  error: ApiError,
  uncount?: RunKey,
): Promise<never> {
  await deps.db.transaction(async (tx) => {
    if (uncount) await uncountCall(tx, uncount);
    await updateRun(tx, runId, { state: 'errored', httpStatus: error.status, response: error.toBody() });
  });
  throw error;
}

export function backendDown(error: PaymentBackendError): ApiError {
  return new ApiError(
    'charge_backend_error',
    'the payment backend is unavailable; nothing was charged, retry later',
    {
      cause: error.message.slice(0, 200),
    },
  );
}

/**
 * Standalone runs left pending by a dead process. Before the charge or during a synchronous
 * engine run: the charge (if any) is refunded and the key freed. During a checkout delivery: the
 * run goes back to awaiting delivery, its checkout payment kept, so the next deliver runs it.
 */
export async function recoverStandaloneRuns(
  deps: RunDeps,
  ctx: StandaloneContext,
  olderThanMs = STANDALONE_STALE_MS,
): Promise<number> {
  const { rows } = await deps.db.query<RunKey & { id: string; checkout_session_id: string | null }>(
    `SELECT r.id, r.account_id, r.period, r.service_code, r.sandbox, r.checkout_session_id
       FROM runs r
      WHERE r.state = 'pending' AND r.job_id IS NULL
        AND r.created_at < now() - make_interval(secs => $1::double precision / 1000)
        AND (r.is_async OR EXISTS (SELECT 1 FROM payments p WHERE p.run_id = r.id)
             OR (NOT r.sandbox AND r.service_code <> ALL($2::text[])))
      ORDER BY r.created_at LIMIT 100`,
    [olderThanMs, POOLED_CODES],
  );
  for (const row of rows) {
    if (row.checkout_session_id) {
      await deps.db.query(
        "UPDATE runs SET state = 'charge_failed', updated_at = now() WHERE id = $1 AND state = 'pending'",
        [row.id],
      );
      continue;
    }
    const { rows: payments } = await deps.db.query<PaymentRecord>(
      "SELECT * FROM payments WHERE run_id = $1 AND method = 'offsession' AND status = 'succeeded'",
      [row.id],
    );
    const error = new ApiError('engine_error', 'the call was interrupted; any charge has been refunded', {
      refunded: true,
    });
    await refundAndRecord(deps, ctx, {
      runId: row.id,
      run: row,
      payment: payments[0],
      state: 'errored',
      error,
    });
    deps.log.warn({ run_id: row.id }, 'standalone run interrupted before it settled: refunded, key freed');
  }
  return rows.length;
}
