// Billing: the spTok ledger, prices and the volume discount. Money steps that stand alone (top-up,
// balance read) open their own transaction here; the run pipeline composes the ledger functions
// inside its own transaction so a charge commits with the run it pays for.
import type { AccountTier } from '../accounts/index.ts';
import type { Config } from '../config/index.ts';
import { ApiError } from '../lib/errors.ts';
import { monthOf } from '../lib/time.ts';
import type { Database } from '../storage/index.ts';
import { credit, currentState, type LedgerState, lockAccount } from './ledger.ts';

export type { ChargeOutcome, ChargeSnapshot, EntryKind, LedgerEntry, LedgerState } from './ledger.ts';
export {
  chargeValues,
  currentState,
  debit,
  LEDGER_COLUMNS,
  listEntries,
  lockAccount,
  lockForCharge,
  needsRollover,
  refundRun,
} from './ledger.ts';
export { applyTenths, centsToUsd, discountTenths, VOLUME_LIMIT } from './pricing.ts';

/** The monthly spTok grant of a tier (only API tiers have one). */
export function monthlyGrant(config: Config, tier: AccountTier): number {
  if (tier === 'business') return config.SPTOK_GRANT_BUSINESS;
  if (tier === 'max') return config.SPTOK_GRANT_MAX;
  return 0;
}

export async function readBalance(
  db: Database,
  account: { id: string; tier: AccountTier },
  config: Config,
  now: Date,
): Promise<LedgerState> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    return currentState(tx, account.id, monthlyGrant(config, account.tier), now, { verifyGrant: true });
  });
}

/**
 * The balance as it stands now, read without writing or locking: what readBalance would report,
 * with a new month's grant (and the old one's expiry) applied in memory when not yet booked.
 */
export async function peekBalance(
  db: Database,
  account: { id: string; tier: AccountTier },
  config: Config,
  now: Date,
): Promise<Pick<LedgerState, 'balance' | 'grant'>> {
  const { rows } = await db.query<{ balance_after: number; grant_after: number; period: string }>(
    'SELECT balance_after, grant_after, period FROM ledger_entries WHERE account_id = $1 ORDER BY seq DESC LIMIT 1',
    [account.id],
  );
  const latest = rows[0];
  const grant = monthlyGrant(config, account.tier);
  if (!latest) return { balance: grant, grant };
  if (latest.period < monthOf(now)) {
    return { balance: latest.balance_after - latest.grant_after + grant, grant };
  }
  return { balance: latest.balance_after, grant: latest.grant_after };
}

export async function topUp(
  db: Database,
  account: { id: string; tier: AccountTier },
  input: { amount: number; reason: string },
  config: Config,
  now: Date,
): Promise<LedgerState> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new ApiError('invalid_request', 'amount must be a positive integer of spTok');
  }
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const state = await currentState(tx, account.id, monthlyGrant(config, account.tier), now, {
      verifyGrant: true,
    });
    return credit(tx, state, { accountId: account.id, amount: input.amount, now, reason: input.reason });
  });
}

/** Calls of the month that count toward the volume discount. */
export async function callsThisMonth(db: Database, accountId: string, period: string): Promise<number> {
  const { rows } = await db.query<{ calls: number }>(
    'SELECT calls FROM account_usage WHERE account_id = $1 AND period = $2',
    [accountId, period],
  );
  return rows[0]?.calls ?? 0;
}
