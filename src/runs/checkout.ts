// Delivery after checkout, and the job status read. Deliver runs the service once the provider
// says the session is paid, and replays the stored answer on every later call, so paying once
// delivers once. Ownership: only the key that made the call may deliver it or read its job.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuthContext } from '../accounts/index.ts';
import { centsToUsd } from '../billing/index.ts';
import { PaymentBackendError, recordCheckoutPayment } from '../billing/payments/index.ts';
import { findService } from '../catalog/index.ts';
import { getJob, jobStatusObject } from '../jobs/index.ts';
import { ApiError } from '../lib/errors.ts';
import type { RunDeps, RunResponse } from './deps.ts';
import { countCall } from './pipeline.ts';
import {
  backendDown,
  closedMeanwhile,
  engineFailure,
  refundAndRecord,
  type StandaloneContext,
  succeedIfPending,
} from './standalone-common.ts';
import { getRun, type RunRecord } from './store.ts';

const SESSION_ID = /^cs_[A-Za-z0-9_-]{1,255}$/;
const JOB_ID = /^job_[A-Za-z0-9_-]{1,64}$/;
const WAIT_MS = 10_000;

interface SessionRow {
  id: string;
  run_id: string;
  key_id: string;
  url: string;
  amount_cents: number;
}

function replay(run: RunRecord): RunResponse {
  const body = run.response ?? {};
  if (run.http_status !== null && run.http_status >= 400) {
    const detail = (body as { detail?: Record<string, unknown> }).detail ?? {};
    return { status: run.http_status, body: { detail: { ...detail, replayed: true } } };
  }
  return { status: run.http_status ?? 200, body: { ...body, replayed: true } };
}

/** The run behind a session, once no other delivery of it is in flight (waits up to 10 s). */
async function settledRun(deps: RunDeps, runId: string): Promise<RunRecord> {
  const deadline = Date.now() + WAIT_MS;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const run = await getRun(deps.db, runId);
    if (!run) throw new ApiError('unknown_checkout_session', 'this checkout session is no longer on record');
    if (run.state !== 'pending') return run;
    if (Date.now() + delay > deadline) {
      throw new ApiError(
        'idempotency_key_in_use',
        'this checkout is being delivered by another call; retry shortly',
      );
    }
    await sleep(delay);
  }
}

export async function deliverCheckout(
  deps: RunDeps,
  ctx: StandaloneContext,
  auth: AuthContext,
  sessionId: string,
): Promise<RunResponse> {
  if (!SESSION_ID.test(sessionId)) {
    throw new ApiError('checkout_invalid', 'checkout_session_id is not a checkout session id (cs_...)');
  }
  const { rows } = await deps.db.query<SessionRow>(
    'SELECT id, run_id, key_id, url, amount_cents FROM checkout_sessions WHERE id = $1',
    [sessionId],
  );
  const session = rows[0];
  if (!session) throw new ApiError('unknown_checkout_session', `no checkout session ${sessionId}`);
  if (session.key_id !== auth.keyId) {
    throw new ApiError(
      'not_your_checkout',
      'this checkout belongs to another API key; deliver it with the key that made the call',
    );
  }

  for (;;) {
    const run = await settledRun(deps, session.run_id);
    if (run.state === 'succeeded' || run.state === 'rejected') return replay(run);
    if (run.state !== 'charge_failed') {
      throw new ApiError(
        'checkout_invalid',
        'this checkout was refunded after the service failed; call /run again (the idempotency key is free)',
      );
    }

    let state: Awaited<ReturnType<typeof ctx.payments.provider.retrieveCheckoutSession>>;
    try {
      state = await ctx.payments.provider.retrieveCheckoutSession(sessionId);
    } catch (error) {
      if (error instanceof PaymentBackendError) throw backendDown(error);
      throw error;
    }
    if (!state)
      throw new ApiError('unknown_checkout_session', `the payment provider does not know ${sessionId}`);
    if (state.status === 'expired') {
      throw new ApiError(
        'checkout_invalid',
        'this checkout session expired unpaid; call /run again for a new one',
      );
    }
    if (!state.paid) {
      throw new ApiError(
        'checkout_pending',
        'the checkout is not paid yet; pay at checkout_url, then deliver again',
        {
          checkout_url: session.url,
          checkout_session_id: sessionId,
        },
      );
    }
    if (
      state.amountCents !== session.amount_cents ||
      (state.metadata.run_id && state.metadata.run_id !== run.id)
    ) {
      throw new ApiError(
        'checkout_invalid',
        'the paid checkout does not match this call (amount or reference differs)',
      );
    }
    if (!state.paymentIntentId)
      throw new ApiError('checkout_invalid', 'the paid checkout has no payment on record');

    const claimed = await deps.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        "UPDATE runs SET state = 'pending', updated_at = now() WHERE id = $1 AND state = 'charge_failed'",
        [run.id],
      );
      if (rowCount !== 1) return undefined;
      return recordCheckoutPayment(tx, {
        runId: run.id,
        accountId: run.account_id,
        provider: ctx.payments.provider.name,
        amountCents: session.amount_cents,
        paymentIntentId: state.paymentIntentId!,
        checkoutSessionId: sessionId,
      });
    });
    if (!claimed) continue; // another delivery got there first: wait for its answer
    try {
      await deps.db.transaction((tx) => countCall(tx, run.account_id, run.period));
    } catch (error) {
      // Paid is paid: past the monthly volume limit the call is delivered all the same.
      if (!(error instanceof ApiError)) throw error;
    }
    return deliverPaid(deps, ctx, run, claimed, sessionId);
  }
}

async function deliverPaid(
  deps: RunDeps,
  ctx: StandaloneContext,
  run: RunRecord,
  payment: Awaited<ReturnType<typeof recordCheckoutPayment>>,
  sessionId: string,
): Promise<RunResponse> {
  const service = findService(run.service_code);
  if (!service) throw new ApiError('checkout_invalid', `unknown service ${run.service_code}`);
  const outcome = await ctx.execute(deps, {
    service,
    payload: run.payload,
    lang: run.lang,
    sandbox: false,
    owner: { keyId: run.key_id, accountId: run.account_id, runId: run.id },
  });
  if (outcome.kind === 'ok') {
    const body = {
      ok: true,
      service_code: run.service_code,
      result: outcome.result,
      usd_charged: centsToUsd(payment.amount_cents),
      paid_via: 'checkout',
      checkout_session_id: sessionId,
      payment_intent_id: payment.payment_intent_id,
      idempotency_key: run.idempotency_key,
      replayed: false,
    };
    const stored = await succeedIfPending(deps, run.id, {
      httpStatus: 200,
      response: body,
      usdCentsCharged: payment.amount_cents,
      paymentIntentId: payment.payment_intent_id,
    });
    if (!stored) {
      const error = closedMeanwhile(run.idempotency_key);
      return { status: error.status, body: error.toBody() };
    }
    return { status: 200, body };
  }
  const error = engineFailure(outcome, run.idempotency_key);
  await refundAndRecord(deps, ctx, {
    runId: run.id,
    run,
    payment,
    state: outcome.kind === 'rejected' ? 'rejected' : 'errored',
    error,
  });
  return { status: error.status, body: error.toBody() };
}

/** GET /jobs/{job_id}: the job status object, for the key that created the job only. */
export async function jobStatus(deps: RunDeps, auth: AuthContext, jobId: string): Promise<RunResponse> {
  const job = JOB_ID.test(jobId) ? await getJob(deps.db, jobId) : undefined;
  if (!job) throw new ApiError('job_not_found', `no job ${jobId}`);
  if (job.key_id !== auth.keyId) throw new ApiError('not_your_job', 'this job belongs to another API key');
  return { status: 200, body: { ...(await jobStatusObject(deps.db, job)) } };
}
