// The spTok ledger: append-only entries carrying running totals. Every function here runs inside
// the caller's transaction after lockAccount, so one account's entries are written one at a time
// and each money step commits together with the state it guards (the run, the usage counter).
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { monthOf } from '../lib/time.ts';
import type { Queryable } from '../storage/index.ts';

export type EntryKind = 'grant' | 'expire' | 'topup' | 'charge' | 'refund';

export interface LedgerState {
  /** Total spendable spTok: this month's grant left plus top-ups. */
  balance: number;
  /** Part of balance that is this month's grant (spent first, expires at month end). */
  grant: number;
  /** Month of the latest entry. */
  period: string | null;
}

export interface LedgerEntry {
  id: string;
  kind: EntryKind;
  amount: number;
  grant_amount: number;
  period: string;
  balance_after: number;
  grant_after: number;
  run_id: string | null;
  reason: string | null;
  created_at: Date;
}

const EMPTY: LedgerState = { balance: 0, grant: 0, period: null };

/** Serialises money steps of one account (row lock on PostgreSQL; PGlite is single-connection). */
export async function lockAccount(tx: Queryable, accountId: string): Promise<void> {
  const { rows } = await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  if (rows.length === 0) throw new ApiError('account_not_found', `no account ${accountId}`);
}

async function latest(tx: Queryable, accountId: string): Promise<LedgerState> {
  const { rows } = await tx.query<{ balance_after: number; grant_after: number; period: string }>(
    'SELECT balance_after, grant_after, period FROM ledger_entries WHERE account_id = $1 ORDER BY seq DESC LIMIT 1',
    [accountId],
  );
  const row = rows[0];
  return row ? { balance: row.balance_after, grant: row.grant_after, period: row.period } : EMPTY;
}

export interface Append {
  accountId: string;
  kind: EntryKind;
  amount: number;
  grantAmount: number;
  period: string;
  runId?: string | null;
  reason?: string | null;
}

/** Columns of an entry insert, shared by append and by statements that insert an entry alongside other rows. */
export const LEDGER_COLUMNS =
  'id, account_id, kind, amount, grant_amount, period, balance_after, grant_after, run_id, reason';

/** The values of one entry (in LEDGER_COLUMNS order) and the state after it. Pure. */
export function entryValues(state: LedgerState, entry: Append): { values: unknown[]; next: LedgerState } {
  const next = {
    balance: state.balance + entry.amount,
    grant: state.grant + entry.grantAmount,
    period: entry.period,
  };
  return {
    next,
    values: [
      newId('led'),
      entry.accountId,
      entry.kind,
      entry.amount,
      entry.grantAmount,
      entry.period,
      next.balance,
      next.grant,
      entry.runId ?? null,
      entry.reason ?? null,
    ],
  };
}

async function append(tx: Queryable, state: LedgerState, entry: Append): Promise<LedgerState> {
  const { values, next } = entryValues(state, entry);
  await tx.query(
    `INSERT INTO ledger_entries (${LEDGER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    values,
  );
  return next;
}

export interface ChargeSnapshot {
  state: LedgerState;
  /** Calls counted toward the volume discount this period, before this one. */
  calls: number;
}

/**
 * Locks the account, then reads what a charge decision needs: the newest ledger totals and the
 * period's call count. Two statements on purpose: under READ COMMITTED a statement that waits for
 * the row lock re-checks only the locked row, so a read joined to it could see totals from before
 * the previous holder's commit. A statement issued after the lock sees them.
 */
export async function lockForCharge(
  tx: Queryable,
  accountId: string,
  period: string,
): Promise<ChargeSnapshot> {
  await lockAccount(tx, accountId);
  const { rows } = await tx.query<{
    balance_after: number | null;
    grant_after: number | null;
    period: string | null;
    calls: number | null;
  }>(
    `SELECT l.balance_after, l.grant_after, l.period,
            (SELECT calls FROM account_usage WHERE account_id = $1 AND period = $2) AS calls
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (
         SELECT balance_after, grant_after, period FROM ledger_entries
          WHERE account_id = $1 ORDER BY seq DESC LIMIT 1) l ON true`,
    [accountId, period],
  );
  const row = rows[0]!;
  return {
    state:
      row.period === null
        ? EMPTY
        : { balance: row.balance_after!, grant: row.grant_after!, period: row.period },
    calls: row.calls ?? 0,
  };
}

/** True when the month changed since the newest entry, so a grant or an expiry is due first. */
export function needsRollover(state: LedgerState, monthlyGrant: number, now: Date): boolean {
  const period = monthOf(now);
  return (state.period === null && monthlyGrant > 0) || (state.period !== null && state.period < period);
}

/** The entry of a run's charge (grant first), or the shortfall. Pure: the caller writes it. */
export function chargeValues(
  state: LedgerState,
  input: { accountId: string; runId: string; amount: number; now: Date },
): { ok: true; values: unknown[] } | { ok: false; need: number; have: number } {
  if (state.balance < input.amount) return { ok: false, need: input.amount, have: state.balance };
  const { values } = entryValues(state, {
    accountId: input.accountId,
    kind: 'charge',
    amount: -input.amount,
    grantAmount: -Math.min(state.grant, input.amount),
    period: monthOf(input.now),
    runId: input.runId,
  });
  return { ok: true, values };
}

async function hasGrant(tx: Queryable, accountId: string, period: string): Promise<boolean> {
  const { rows } = await tx.query(
    "SELECT 1 FROM ledger_entries WHERE account_id = $1 AND kind = 'grant' AND period = $2",
    [accountId, period],
  );
  return rows.length > 0;
}

/**
 * Brings the account into the current month: expires what is left of an older month's grant and
 * issues this month's grant (once: a unique index guards it). Returns the state to build on.
 */
export async function currentState(
  tx: Queryable,
  accountId: string,
  monthlyGrant: number,
  now: Date,
  options: { verifyGrant?: boolean } = {},
): Promise<LedgerState> {
  const period = monthOf(now);
  let state = await latest(tx, accountId);
  if (state.period !== null && state.period < period && state.grant > 0) {
    state = await append(tx, state, {
      accountId,
      kind: 'expire',
      amount: -state.grant,
      grantAmount: -state.grant,
      period: state.period,
      reason: `unused grant of ${state.period} expired`,
    });
  }
  const newMonth = state.period === null || state.period < period;
  // Off the hot path (tier changes), also check this month: its first entries may have been
  // written while the tier had no grant. The unique index makes a second issue fail loudly.
  if (monthlyGrant > 0 && (newMonth || (options.verifyGrant && !(await hasGrant(tx, accountId, period))))) {
    state = await append(tx, state, {
      accountId,
      kind: 'grant',
      amount: monthlyGrant,
      grantAmount: monthlyGrant,
      period,
      reason: `monthly grant ${period}`,
    });
  }
  return state;
}

export type ChargeOutcome = { ok: true; state: LedgerState } | { ok: false; need: number; have: number };

/** Debits amount for a run, grant first. Insufficient balance is an outcome, not an exception. */
export async function debit(
  tx: Queryable,
  state: LedgerState,
  input: { accountId: string; runId: string; amount: number; now: Date; reason?: string },
): Promise<ChargeOutcome> {
  if (state.balance < input.amount) return { ok: false, need: input.amount, have: state.balance };
  const fromGrant = Math.min(state.grant, input.amount);
  const next = await append(tx, state, {
    accountId: input.accountId,
    kind: 'charge',
    amount: -input.amount,
    grantAmount: -fromGrant,
    period: monthOf(input.now),
    runId: input.runId,
    reason: input.reason ?? null,
  });
  return { ok: true, state: next };
}

/**
 * Reverses a run's charge, once (a unique index guards it). The grant part goes back to the
 * grant when the charge was made this month; a charge of an earlier month refunds to top-up
 * balance, since that month's grant has expired. Returns the amount refunded (0 if none).
 */
export async function refundRun(
  tx: Queryable,
  state: LedgerState,
  input: { accountId: string; runId: string; now: Date; reason: string },
): Promise<{ refunded: number; state: LedgerState }> {
  const { rows } = await tx.query<{ amount: number; grant_amount: number; period: string }>(
    `SELECT c.amount, c.grant_amount, c.period FROM ledger_entries c
      WHERE c.run_id = $1 AND c.kind = 'charge'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.run_id = $1 AND r.kind = 'refund')`,
    [input.runId],
  );
  const charge = rows[0];
  if (!charge) return { refunded: 0, state };
  const period = monthOf(input.now);
  const next = await append(tx, state, {
    accountId: input.accountId,
    kind: 'refund',
    amount: -charge.amount,
    grantAmount: charge.period === period ? -charge.grant_amount : 0,
    period,
    runId: input.runId,
    reason: input.reason,
  });
  return { refunded: -charge.amount, state: next };
}

export async function credit(
  tx: Queryable,
  state: LedgerState,
  input: { accountId: string; amount: number; now: Date; reason: string },
): Promise<LedgerState> {
  return append(tx, state, {
    accountId: input.accountId,
    kind: 'topup',
    amount: input.amount,
    grantAmount: 0,
    period: monthOf(input.now),
    reason: input.reason,
  });
}

export async function listEntries(db: Queryable, accountId: string, limit = 200): Promise<LedgerEntry[]> {
  const { rows } = await db.query<LedgerEntry>(
    `SELECT id, kind, amount, grant_amount, period, balance_after, grant_after, run_id, reason, created_at
       FROM ledger_entries WHERE account_id = $1 ORDER BY seq DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows;
}
