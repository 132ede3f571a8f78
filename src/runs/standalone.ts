// Non-pooled and async runs, after the pipeline has validated the request and claimed its key:
// charge the saved card first (or hand out a checkout when that fails), then run the engine now or
// queue a job in the transaction that books the charge. Failures after a charge are refunded.
import type { AuthContext } from '../accounts/index.ts';
import { centsToUsd } from '../billing/index.ts';
import {
  chargeForRun,
  createPayments,
  PaymentBackendError,
  type PaymentRecord,
  type Payments,
  refundNow,
  requestRefund,
} from '../billing/payments/index.ts';
import { findService, SERVICES } from '../catalog/index.ts';
import { enqueueJob, type JobRecord, startWorker, type Worker, type WorkerOptions } from '../jobs/index.ts';
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Database, Queryable } from '../storage/index.ts';
import { newCallbackSecret } from '../webhooks/index.ts';
import { deliverCheckout, jobStatus } from './checkout.ts';
import type { DelegatedRun, RunDeps, RunResponse, StandaloneRunner } from './deps.ts';
import { type EngineResult, type ExecuteInput, executeEngine } from './execute.ts';
import { countCall, SANDBOX_QUOTA, uncountCall } from './pipeline.ts';
import { updateRun } from './store.ts';

/** How a service is run; executeEngine unless a test stands in for an engine not written yet. */
export type Execute = (deps: RunDeps, input: ExecuteInput) => Promise<EngineResult>;

export interface StandaloneOptions {
  execute?: Execute;
}

/** What the standalone side shares between /run, the deliver and job routes and the worker. */
export interface StandaloneContext {
  readonly payments: Payments;
  readonly execute: Execute;
  /** Wakes this process's workers (a job was just queued). */
  wake(): void;
}

export interface Standalone extends StandaloneRunner {
  context(deps: RunDeps): StandaloneContext;
  deliver(deps: RunDeps, auth: AuthContext, sessionId: string): Promise<RunResponse>;
  job(deps: RunDeps, auth: AuthContext, jobId: string): Promise<RunResponse>;
  /** The worker loop for this service's database: jobs, webhooks, refunds, recovery. */
  startWorker(deps: RunDeps, options?: WorkerOptions & { recoverAfterMs?: number }): Worker;
  /** Settles standalone runs a crash left pending; the worker calls it periodically. */
  recover(deps: RunDeps, olderThanMs?: number): Promise<number>;
}

const POOLED_CODES = SERVICES.filter((service) => service.pooled).map((service) => service.code);

/** A synchronous standalone call may block three minutes; pending far longer means its process died. */
export const STANDALONE_STALE_MS = 10 * 60_000;

export function isStandalone(runner: StandaloneRunner | undefined): runner is Standalone {
  return typeof (runner as Standalone | undefined)?.deliver === 'function';
}

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

/** What uncountCall needs to know about a run. */
export interface RunKey {
  account_id: string;
  period: string;
  service_code: string;
  sandbox: boolean;
}

/** Frees the key of a run that never got going, keeping the answer for audit. */
async function closeErrored(deps: RunDeps, runId: string, error: ApiError, uncount?: RunKey): Promise<never> {
  await deps.db.transaction(async (tx) => {
    if (uncount) await uncountCall(tx, uncount);
    await updateRun(tx, runId, { state: 'errored', httpStatus: error.status, response: error.toBody() });
  });
  throw error;
}

async function takeSandboxQuota(
  tx: Queryable,
  auth: AuthContext,
  serviceCode: string,
  period: string,
): Promise<number> {
  // Same rule and table as the pooled pipeline's sandbox quota.
  const { rows } = await tx.query<{ calls: number }>(
    `INSERT INTO sandbox_usage (account_id, service_code, period, calls) VALUES ($1, $2, $3, 1)
     ON CONFLICT (account_id, service_code, period) DO UPDATE SET calls = sandbox_usage.calls + 1
     RETURNING calls`,
    [auth.accountId, serviceCode, period],
  );
  const calls = rows[0]!.calls;
  if (calls > SANDBOX_QUOTA) {
    throw new ApiError(
      'sandbox_quota_exceeded',
      `the sandbox allows ${SANDBOX_QUOTA} free calls of ${serviceCode} per month; this month's are used up`,
      { quota: SANDBOX_QUOTA },
    );
  }
  return calls;
}

function acceptedBody(
  deps: RunDeps,
  claimed: DelegatedRun,
  jobId: string,
  payment: PaymentRecord | undefined,
) {
  const body: Record<string, unknown> = {
    ok: true,
    async: true,
    job_id: jobId,
    status: 'queued',
    service_code: claimed.request.service.code,
    idempotency_key: claimed.request.idempotencyKey,
    status_url: jobUrl(deps, jobId),
    usd_charged: payment ? centsToUsd(payment.amount_cents) : 0,
    ...(payment?.payment_intent_id ? { payment_intent_id: payment.payment_intent_id } : {}),
    replayed: false,
  };
  if (claimed.auth.sandbox) {
    body.sandbox = true;
    body.sandbox_note = 'Sandbox: example data from the demo dataset; nothing was charged.';
  }
  return body;
}

async function queueJob(
  deps: RunDeps,
  tx: Queryable,
  claimed: DelegatedRun,
  jobId: string,
  secret: string | null,
  payment: PaymentRecord | undefined,
): Promise<Record<string, unknown>> {
  const { auth, request } = claimed;
  await enqueueJob(tx, {
    id: jobId,
    runId: claimed.runId,
    keyId: auth.keyId,
    accountId: auth.accountId,
    serviceCode: request.service.code,
    payload: request.payload,
    lang: request.lang,
    sandbox: auth.sandbox,
    idempotencyKey: request.idempotencyKey,
    usdCentsCharged: payment?.amount_cents ?? 0,
    paymentId: payment?.id ?? null,
    paymentIntentId: payment?.payment_intent_id ?? null,
    callbackUrl: request.callbackUrl,
    callbackSecret: secret,
  });
  // The stored answer never holds the secret: a replay must not show it again.
  const body = acceptedBody(deps, claimed, jobId, payment);
  await updateRun(tx, claimed.runId, {
    state: 'queued',
    httpStatus: 202,
    response: body,
    jobId,
    usdCentsCharged: payment?.amount_cents ?? 0,
    paymentIntentId: payment?.payment_intent_id ?? null,
  });
  return body;
}

async function offerCheckout(
  deps: RunDeps,
  ctx: StandaloneContext,
  claimed: DelegatedRun,
  declined: { reason: string; msg: string },
  runKey: RunKey,
): Promise<RunResponse> {
  const { auth, request, runId } = claimed;
  const amountCents = request.service.usdCents;
  let session: { id: string; url: string };
  try {
    session = await ctx.payments.provider.createCheckoutSession({
      accountId: auth.accountId,
      amountCents,
      currency: 'usd',
      description: `${request.service.title.en} (${request.service.code})`,
      idempotencyKey: `bizfn-checkout-${runId}`,
      metadata: { run_id: runId, service_code: request.service.code },
      returnUrl: `${deps.publicBaseUrl()}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentBackendError)) throw error;
    return closeErrored(deps, runId, backendDown(error), runKey);
  }
  const body: Record<string, unknown> = {
    ok: false,
    error: 'offsession_charge_failed',
    reason: declined.reason,
    msg: `${declined.msg}; pay at checkout_url, then POST deliver_url with the same key. Nothing was run or charged.`,
    service_code: request.service.code,
    idempotency_key: request.idempotencyKey,
    usd_due: centsToUsd(amountCents),
    checkout_url: session.url,
    checkout_session_id: session.id,
    deliver_url: deliverUrl(deps, session.id),
  };
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO checkout_sessions (id, run_id, key_id, account_id, provider, url, amount_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [session.id, runId, auth.keyId, auth.accountId, ctx.payments.provider.name, session.url, amountCents],
    );
    await uncountCall(tx, runKey);
    await updateRun(tx, runId, {
      state: 'charge_failed',
      httpStatus: 200,
      response: body,
      checkoutSessionId: session.id,
    });
  });
  return { status: 200, body: { ...body, replayed: false } };
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

async function run(deps: RunDeps, ctx: StandaloneContext, claimed: DelegatedRun): Promise<RunResponse> {
  const { auth, request, runId, period } = claimed;
  const runKey: RunKey = {
    account_id: auth.accountId,
    period,
    service_code: request.service.code,
    sandbox: auth.sandbox,
  };
  const secret = request.callbackUrl ? newCallbackSecret() : null;
  const withSecret = (body: Record<string, unknown>) =>
    secret ? { ...body, callback_secret: secret } : body;

  if (auth.sandbox) {
    // Only async sandbox calls come here (synchronous ones are free pooled-style runs).
    const jobId = newId('job');
    let body: Record<string, unknown>;
    try {
      body = await deps.db.transaction(async (tx) => {
        await takeSandboxQuota(tx, auth, request.service.code, period);
        return queueJob(deps, tx, claimed, jobId, secret, undefined);
      });
    } catch (error) {
      if (error instanceof ApiError) return closeErrored(deps, runId, error);
      throw error;
    }
    ctx.wake();
    return { status: 202, body: withSecret(body) };
  }

  try {
    await deps.db.transaction((tx) => countCall(tx, auth.accountId, period));
  } catch (error) {
    if (error instanceof ApiError) return closeErrored(deps, runId, error);
    throw error;
  }

  const jobId = newId('job');
  let accepted: Record<string, unknown> | undefined;
  let charge: Awaited<ReturnType<typeof chargeForRun>>;
  try {
    charge = await chargeForRun(
      deps.db,
      ctx.payments.provider,
      {
        runId,
        accountId: auth.accountId,
        amountCents: request.service.usdCents,
        description: `${request.service.title.en} (${request.service.code})`,
        metadata: { service_code: request.service.code, key_id: auth.keyId },
      },
      request.async
        ? async (tx, payment) => {
            accepted = await queueJob(deps, tx, claimed, jobId, secret, payment);
          }
        : undefined,
    );
  } catch (error) {
    if (error instanceof PaymentBackendError) return closeErrored(deps, runId, backendDown(error), runKey);
    throw error;
  }
  if (!charge.ok) return offerCheckout(deps, ctx, claimed, charge, runKey);
  if (accepted) {
    ctx.wake();
    return { status: 202, body: withSecret(accepted) };
  }

  const outcome = await ctx.execute(deps, {
    service: request.service,
    payload: request.payload,
    lang: request.lang,
    sandbox: false,
    owner: { keyId: auth.keyId, accountId: auth.accountId, runId },
  });
  if (outcome.kind === 'ok') {
    const body = {
      ok: true,
      service_code: request.service.code,
      result: outcome.result,
      usd_charged: centsToUsd(charge.payment.amount_cents),
      payment_intent_id: charge.payment.payment_intent_id,
      idempotency_key: request.idempotencyKey,
      replayed: false,
    };
    await updateRun(deps.db, runId, {
      state: 'succeeded',
      httpStatus: 200,
      response: body,
      usdCentsCharged: charge.payment.amount_cents,
      paymentIntentId: charge.payment.payment_intent_id,
    });
    return { status: 200, body };
  }
  const error = engineFailure(outcome, request.idempotencyKey);
  await refundAndRecord(deps, ctx, {
    runId,
    run: runKey,
    payment: charge.payment,
    state: outcome.kind === 'rejected' ? 'rejected' : 'errored',
    error,
  });
  return { status: error.status, body: error.toBody() };
}

/** The job worker's view of a run: the same engine call a synchronous run makes. */
function jobExecutor(deps: RunDeps, ctx: StandaloneContext) {
  return async (job: JobRecord): Promise<EngineResult> => {
    const service = findService(job.service_code);
    if (!service) return { kind: 'failed', msg: `unknown service ${job.service_code}` };
    return ctx.execute(deps, {
      service,
      payload: job.payload,
      lang: job.lang,
      sandbox: job.sandbox,
      owner: { keyId: job.key_id, accountId: job.account_id, runId: job.run_id },
    });
  };
}

export function createStandalone(options: StandaloneOptions = {}): Standalone {
  const contexts = new WeakMap<Database, StandaloneContext & { workers: Set<Worker> }>();
  const execute = options.execute ?? executeEngine;

  function context(deps: RunDeps) {
    let ctx = contexts.get(deps.db);
    if (!ctx) {
      const workers = new Set<Worker>();
      ctx = {
        payments: createPayments({ db: deps.db, config: deps.config, publicBaseUrl: deps.publicBaseUrl }),
        execute,
        workers,
        wake: () => {
          for (const worker of workers) worker.wake();
        },
      };
      contexts.set(deps.db, ctx);
    }
    return ctx;
  }

  const standalone: Standalone = {
    context,
    run: (deps, claimed) => run(deps, context(deps), claimed),
    deliver: (deps, auth, sessionId) => deliverCheckout(deps, context(deps), auth, sessionId),
    job: (deps, auth, jobId) => jobStatus(deps, auth, jobId),
    recover: (deps, olderThanMs) => recoverStandaloneRuns(deps, context(deps), olderThanMs),
    startWorker(deps, workerOptions = {}) {
      const ctx = context(deps);
      const worker = startWorker({
        db: deps.db,
        config: deps.config,
        provider: ctx.payments.provider,
        execute: jobExecutor(deps, ctx),
        onJobFailed: async (tx, job) => {
          await uncountCall(tx, { ...job, period: await periodOf(tx, job.run_id) });
        },
        housekeeping: () => recoverStandaloneRuns(deps, ctx, workerOptions.recoverAfterMs),
        log: deps.log,
        options: workerOptions,
      });
      ctx.workers.add(worker);
      return {
        id: worker.id,
        wake: worker.wake,
        async stop(graceMs) {
          ctx.workers.delete(worker);
          await worker.stop(graceMs);
        },
      };
    },
  };
  return standalone;
}

async function periodOf(tx: Queryable, runId: string): Promise<string> {
  const { rows } = await tx.query<{ period: string }>('SELECT period FROM runs WHERE id = $1', [runId]);
  return rows[0]?.period ?? '';
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
