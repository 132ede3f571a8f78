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
} from '../billing/payments/index.ts';
import { findService } from '../catalog/index.ts';
import { enqueueJob, type JobRecord, startWorker, type Worker, type WorkerOptions } from '../jobs/index.ts';
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Database, Queryable } from '../storage/index.ts';
import { newCallbackSecret } from '../webhooks/index.ts';
import { deliverCheckout, jobStatus } from './checkout.ts';
import type { DelegatedRun, RunDeps, RunResponse, StandaloneRunner } from './deps.ts';
import { type EngineResult, executeEngine } from './execute.ts';
import { countCall, uncountCall, useSandboxQuota } from './pipeline.ts';
import {
  backendDown,
  closedMeanwhile,
  closeErrored,
  deliverUrl,
  type Execute,
  engineFailure,
  jobUrl,
  type RunKey,
  recoverStandaloneRuns,
  refundAndRecord,
  type StandaloneContext,
  succeedIfPending,
} from './standalone-common.ts';
import { updateRun } from './store.ts';

export {
  type Execute,
  type RunKey,
  recoverStandaloneRuns,
  STANDALONE_STALE_MS,
  type StandaloneContext,
} from './standalone-common.ts';

export interface StandaloneOptions {
  execute?: Execute;
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

export function isStandalone(runner: StandaloneRunner | undefined): runner is Standalone {
  return typeof (runner as Standalone | undefined)?.deliver === 'function';
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
        await useSandboxQuota(tx, auth.accountId, request.service.code, period);
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
    const stored = await succeedIfPending(deps, runId, {
      httpStatus: 200,
      response: body,
      usdCentsCharged: charge.payment.amount_cents,
      paymentIntentId: charge.payment.payment_intent_id,
    });
    if (!stored) {
      const error = closedMeanwhile(request.idempotencyKey);
      return { status: error.status, body: error.toBody() };
    }
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
