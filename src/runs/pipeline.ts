// The run pipeline: tier check, validation, idempotency claim with the charge in one transaction,
// the engine, then settle (store the result) or refund. A repeated idempotency key replays the
// stored outcome and never charges again.
import { setTimeout as sleep } from 'node:timers/promises';
import { type AuthContext, hasApiAccess } from '../accounts/index.ts';
import {
  applyTenths,
  centsToUsd,
  chargeValues,
  currentState,
  discountTenths,
  lockAccount,
  lockForCharge,
  monthlyGrant,
  needsRollover,
  refundRun,
} from '../billing/index.ts';
import { sptokPrice } from '../catalog/index.ts';
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { monthOf } from '../lib/time.ts';
import type { Queryable } from '../storage/index.ts';
import type { RunDeps, RunResponse } from './deps.ts';
import { executeEngine } from './execute.ts';
import { parseRunRequest, type RunRequest } from './request.ts';
import {
  claimRun,
  claimRunWithCharge,
  findLiveRun,
  type NewRun,
  type RunRecord,
  updateRun,
} from './store.ts';

/** Free sandbox calls per account, function and calendar month. */
export const SANDBOX_QUOTA = 20;
/** How long a call waits for a concurrent call with the same key before answering 409. */
const SAME_KEY_WAIT_MS = 10_000;

interface Charge {
  sptok: number;
  tenths: number;
  sandboxCalls: number;
}

/** Counts a charged call toward the month's volume; returns its discount, or refuses past the limit. */
export async function countCall(tx: Queryable, accountId: string, period: string): Promise<number> {
  const { rows } = await tx.query<{ calls: number }>(
    `INSERT INTO account_usage (account_id, period, calls) VALUES ($1, $2, 1)
     ON CONFLICT (account_id, period) DO UPDATE SET calls = account_usage.calls + 1
     RETURNING calls`,
    [accountId, period],
  );
  const tenths = discountTenths(rows[0]!.calls);
  if (tenths === undefined) {
    throw new ApiError(
      'volume_over_limit',
      'more than 100,000 calls this month; contact us for a custom quote',
    );
  }
  return tenths;
}

/** Takes back a call's count and, for sandbox calls, its free-quota use. */
export async function uncountCall(
  tx: Queryable,
  run: Pick<RunRecord, 'account_id' | 'period' | 'service_code' | 'sandbox'>,
) {
  if (run.sandbox) {
    await tx.query(
      `UPDATE sandbox_usage SET calls = calls - 1
        WHERE account_id = $1 AND service_code = $2 AND period = $3 AND calls > 0`,
      [run.account_id, run.service_code, run.period],
    );
  } else {
    await tx.query(
      'UPDATE account_usage SET calls = calls - 1 WHERE account_id = $1 AND period = $2 AND calls > 0',
      [run.account_id, run.period],
    );
  }
}

/** Counts a sandbox call against the account's free calls of that function this month. */
export async function useSandboxQuota(tx: Queryable, accountId: string, serviceCode: string, period: string) {
  const { rows } = await tx.query<{ calls: number }>(
    `INSERT INTO sandbox_usage (account_id, service_code, period, calls) VALUES ($1, $2, $3, 1)
     ON CONFLICT (account_id, service_code, period) DO UPDATE SET calls = sandbox_usage.calls + 1
     RETURNING calls`,
    [accountId, serviceCode, period],
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

/** The run record a call claims its idempotency key with. */
function newRun(
  deps: RunDeps,
  auth: AuthContext,
  request: RunRequest,
  runId: string,
  period: string,
): NewRun {
  return {
    id: runId,
    keyId: auth.keyId,
    accountId: auth.accountId,
    idempotencyKey: request.idempotencyKey,
    requestHash: request.requestHash,
    serviceCode: request.service.code,
    payload: request.payload,
    lang: request.lang,
    sandbox: auth.sandbox,
    isAsync: request.async,
    callbackUrl: request.callbackUrl,
    period,
    retentionDays: deps.config.IDEMPOTENCY_RETENTION_DAYS,
  };
}

/** Claims the key and takes payment in one transaction; undefined when the key is already taken. */
async function claimAndCharge(
  deps: RunDeps,
  auth: AuthContext,
  request: RunRequest,
  runId: string,
  period: string,
): Promise<Charge | undefined> {
  const now = deps.clock.now();
  const run = newRun(deps, auth, request, runId, period);
  return deps.db.transaction(async (tx) => {
    if (auth.sandbox) {
      if (!(await claimRun(tx, run))) return undefined;
      const sandboxCalls = await useSandboxQuota(tx, auth.accountId, request.service.code, period);
      return { sptok: 0, tenths: 10, sandboxCalls };
    }
    // Lock the account and read balance and call count; then one statement claims the key, counts
    // the call and books the charge. The lock comes first: the run's foreign key takes a share
    // lock on the account row, and FOR UPDATE after it would deadlock concurrent calls.
    const grant = monthlyGrant(deps.config, auth.tier);
    const snapshot = await lockForCharge(tx, auth.accountId, period);
    const state = needsRollover(snapshot.state, grant, now)
      ? await currentState(tx, auth.accountId, grant, now)
      : snapshot.state;
    const tenths = discountTenths(snapshot.calls + 1);
    if (tenths === undefined) {
      throw new ApiError(
        'volume_over_limit',
        'more than 100,000 calls this month; contact us for a custom quote',
      );
    }
    const sptok = applyTenths(sptokPrice(request.service, deps.config.SPTOK_PER_USD), tenths);
    const charge = chargeValues(state, { accountId: auth.accountId, runId, amount: sptok, now });
    if (!charge.ok) {
      // Checked before the claim, so a replay of a key whose first call succeeded never sees it:
      // the fast path in runPooled answers settled keys, and a pending one is awaited below.
      const existing = await findLiveRun(tx, auth.keyId, request.idempotencyKey);
      if (existing) return undefined;
      throw new ApiError(
        'insufficient_sptok',
        `this call needs ${charge.need} spTok; the balance is ${charge.have}`,
        {
          need: charge.need,
          have: charge.have,
        },
      );
    }
    const calls = await claimRunWithCharge(tx, run, { sptok, ledgerValues: charge.values });
    if (calls === undefined) return undefined;
    return { sptok, tenths, sandboxCalls: 0 };
  });
}

function mismatch(): ApiError {
  return new ApiError(
    'idempotency_key_mismatch',
    'this idempotency_key was already used with a different service_code, payload or options',
  );
}

function replay(run: RunRecord): RunResponse {
  const body = run.response ?? {};
  if (run.http_status !== null && run.http_status >= 400) {
    const detail = (body as { detail?: Record<string, unknown> }).detail ?? {};
    return { status: run.http_status, body: { detail: { ...detail, replayed: true } } };
  }
  return { status: run.http_status ?? 200, body: { ...body, replayed: true } };
}

/**
 * Resolves a key that another call holds: replay its outcome, wait while it is still running,
 * or refuse a different request under the same key. Undefined means the key came free again.
 */
async function awaitExisting(
  deps: RunDeps,
  auth: AuthContext,
  request: RunRequest,
): Promise<RunResponse | undefined> {
  const deadline = Date.now() + SAME_KEY_WAIT_MS;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const run = await findLiveRun(deps.db, auth.keyId, request.idempotencyKey);
    if (!run) return undefined;
    if (run.request_hash !== request.requestHash) throw mismatch();
    if (run.state !== 'pending') return replay(run);
    if (Date.now() + delay > deadline) {
      throw new ApiError(
        'idempotency_key_in_use',
        'a call with this idempotency_key is still running; retry shortly',
      );
    }
    await sleep(delay);
  }
}

function sandboxNote(request: RunRequest, callsUsed: number, now: Date): string {
  const left = Math.max(0, SANDBOX_QUOTA - callsUsed);
  const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  return (
    `Sandbox: example data from the demo dataset, not live queries; nothing was charged. ` +
    `${left} of ${SANDBOX_QUOTA} free calls of ${request.service.code} left this month (resets ${reset}).`
  );
}

async function runPooled(deps: RunDeps, auth: AuthContext, request: RunRequest): Promise<RunResponse> {
  const period = monthOf(deps.clock.now());
  // A settled key is answered with one read; the claim below stays the guard for everything else.
  if (!request.generatedKey) {
    const settled = await findLiveRun(deps.db, auth.keyId, request.idempotencyKey);
    if (settled && settled.state !== 'pending') {
      if (settled.request_hash !== request.requestHash) throw mismatch();
      return replay(settled);
    }
  }
  let runId: string;
  let charge: Charge | undefined;
  for (;;) {
    runId = newId('run');
    charge = await claimAndCharge(deps, auth, request, runId, period);
    if (charge) break;
    const existing = await awaitExisting(deps, auth, request);
    if (existing) return existing;
  }

  const outcome = await executeEngine(deps, {
    service: request.service,
    payload: request.payload,
    lang: request.lang,
    sandbox: auth.sandbox,
    owner: { keyId: auth.keyId, accountId: auth.accountId, runId },
  });

  if (outcome.kind === 'ok') {
    const body: Record<string, unknown> = {
      ok: true,
      service_code: request.service.code,
      result: outcome.result,
      sptok_charged: charge.sptok,
      price_charged_usd_reference: auth.sandbox
        ? 0
        : centsToUsd(applyTenths(request.service.usdCents, charge.tenths)),
      volume_discount_factor: charge.tenths / 10,
      idempotency_key: request.idempotencyKey,
      replayed: false,
    };
    if (auth.sandbox) {
      body.sandbox = true;
      body.sandbox_note = sandboxNote(request, charge.sandboxCalls, deps.clock.now());
    }
    // Only a run still pending succeeds: one that outlived the recovery sweep was refunded, and
    // handing out its result too would deliver a refunded call.
    if (await updateRun(deps.db, runId, { state: 'succeeded', httpStatus: 200, response: body }, 'pending')) {
      return { status: 200, body };
    }
    const late = new ApiError('engine_error', 'the call took too long and was refunded; retry it', {
      refunded: true,
      idempotency_key: request.idempotencyKey,
    });
    return { status: late.status, body: late.toBody() };
  }

  const error =
    outcome.kind === 'rejected'
      ? new ApiError('engine_rejected_input', outcome.msg, {
          ...(outcome.field ? { field: outcome.field } : {}),
          ...(outcome.suggestions ? { suggestions: outcome.suggestions } : {}),
          refunded: true,
          idempotency_key: request.idempotencyKey,
        })
      : new ApiError('engine_error', outcome.msg, {
          refunded: true,
          idempotency_key: request.idempotencyKey,
        });
  await refundAndClose(deps, {
    runId,
    accountId: auth.accountId,
    tier: auth.tier,
    sandbox: auth.sandbox,
    serviceCode: request.service.code,
    period,
    // A rejection is the call's answer and is replayed; a failure frees the key for a retry.
    state: outcome.kind === 'rejected' ? 'rejected' : 'errored',
    error,
  });
  return { status: error.status, body: error.toBody() };
}

/** Refunds a run's charge (or sandbox quota), uncounts it and records its final state, atomically. */
export async function refundAndClose(
  deps: RunDeps,
  input: {
    runId: string;
    accountId: string;
    tier: AuthContext['tier'];
    sandbox: boolean;
    serviceCode: string;
    period: string;
    state: 'rejected' | 'errored';
    error: ApiError;
  },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!input.sandbox) await lockAccount(tx, input.accountId);
    // Close the run first and only while it is pending: a run that settled meanwhile (or that the
    // recovery sweep closed) is not refunded again.
    const closed = await updateRun(
      tx,
      input.runId,
      { state: input.state, httpStatus: input.error.status, response: input.error.toBody() },
      'pending',
    );
    if (!closed) return;
    if (!input.sandbox) {
      const state = await currentState(tx, input.accountId, monthlyGrant(deps.config, input.tier), now);
      await refundRun(tx, state, {
        accountId: input.accountId,
        runId: input.runId,
        now,
        reason: input.error.code,
      });
    }
    await uncountCall(tx, {
      account_id: input.accountId,
      period: input.period,
      service_code: input.serviceCode,
      sandbox: input.sandbox,
    });
  });
}

/** POST /api/v1/business/run, minus HTTP: the same entry serves the MCP tools. */
export async function executeRun(deps: RunDeps, auth: AuthContext, body: unknown): Promise<RunResponse> {
  if (!auth.sandbox && !hasApiAccess(auth.tier)) {
    throw new ApiError(
      'tier_insufficient',
      `API access needs a max or business subscription; this account is ${auth.tier}`,
    );
  }
  const request = await parseRunRequest(body, deps.guardCallback);
  const delegated = request.async || (!auth.sandbox && !request.service.pooled);
  if (!delegated) return runPooled(deps, auth, request);
  if (!deps.standalone) {
    throw new ApiError(
      'engine_error',
      `${request.service.code} is not available on this server yet; nothing was charged`,
    );
  }
  const period = monthOf(deps.clock.now());
  for (;;) {
    const runId = newId('run');
    const claimed = await deps.db.transaction((tx) =>
      claimRun(tx, newRun(deps, auth, request, runId, period)),
    );
    if (claimed) return deps.standalone.run(deps, { runId, auth, request, period });
    const existing = await awaitExisting(deps, auth, request);
    if (existing) return existing;
  }
}
