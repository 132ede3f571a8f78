// Housekeeping that keeps the money honest after a crash: a synchronous pooled run left pending
// (the process died between charge and settle) is refunded and its key freed; run records past
// their retention are deleted once final.
import type { AccountTier } from '../accounts/index.ts';
import { SERVICES } from '../catalog/index.ts';
import { ApiError } from '../lib/errors.ts';
import type { RunDeps } from './deps.ts';
import { refundAndClose } from './pipeline.ts';

const POOLED_CODES = SERVICES.filter((service) => service.pooled).map((service) => service.code);

/** Synchronous calls block at most a few minutes; a pending one older than this is dead. */
export const STALE_PENDING_MS = 10 * 60_000;

export async function recoverStaleRuns(deps: RunDeps, olderThanMs = STALE_PENDING_MS): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanMs);
  const { rows } = await deps.db.query<{
    id: string;
    account_id: string;
    tier: AccountTier;
    sandbox: boolean;
    service_code: string;
    period: string;
  }>(
    `SELECT r.id, r.account_id, a.tier, r.sandbox, r.service_code, r.period
       FROM runs r JOIN accounts a ON a.id = r.account_id
      WHERE r.state = 'pending' AND NOT r.is_async AND r.created_at < $1
        AND (r.sandbox OR r.service_code = ANY($2::text[]))
      ORDER BY r.created_at LIMIT 500`,
    [cutoff, POOLED_CODES],
  );
  for (const run of rows) {
    await refundAndClose(deps, {
      runId: run.id,
      accountId: run.account_id,
      tier: run.tier,
      sandbox: run.sandbox,
      serviceCode: run.service_code,
      period: run.period,
      state: 'errored',
      error: new ApiError('engine_error', 'the call was interrupted; its charge has been refunded', {
        refunded: true,
      }),
    });
    deps.log.warn({ run_id: run.id }, 'refunded a run interrupted before it settled');
  }
  return rows.length;
}

/** Deletes final run records past their idempotency retention. */
export async function purgeExpiredRuns(deps: RunDeps): Promise<number> {
  const { rowCount } = await deps.db.query(
    "DELETE FROM runs WHERE expires_at < $1 AND state IN ('succeeded', 'rejected', 'charge_failed', 'errored')",
    [deps.clock.now()],
  );
  return rowCount;
}
