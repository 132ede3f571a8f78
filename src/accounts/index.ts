// Accounts, tiers and API keys. Only `max` and `business` accounts hold live keys; sandbox keys
// need no subscription. Keys are looked up by hash; a revoked key is as good as unknown.
import { z } from 'zod';
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Queryable } from '../storage/index.ts';
import { displayPrefix, generateKey, hashKey } from './keys.ts';

export { bearerToken, generateKey, hashKey, isSandboxKey } from './keys.ts';

export const ACCOUNT_TIERS = ['free', 'pro', 'max', 'business'] as const;
export type AccountTier = (typeof ACCOUNT_TIERS)[number];
export const accountTier = z.enum(ACCOUNT_TIERS);

export const PAYMENT_BEHAVIORS = ['succeed', 'decline', 'none'] as const;
export type PaymentBehavior = (typeof PAYMENT_BEHAVIORS)[number];

/** Tiers whose subscription includes API access. */
export function hasApiAccess(tier: AccountTier): tier is 'max' | 'business' {
  return tier === 'max' || tier === 'business';
}

export interface Account {
  id: string;
  name: string;
  tier: AccountTier;
  payment_behavior: PaymentBehavior;
  created_at: Date;
}

/** Who is calling: resolved once per request from the bearer key. */
export interface AuthContext {
  readonly keyId: string;
  readonly accountId: string;
  readonly tier: AccountTier;
  readonly sandbox: boolean;
}

export async function createAccount(
  db: Queryable,
  input: { name: string; tier: AccountTier },
): Promise<Account> {
  const id = newId('acct');
  const { rows } = await db.query<Account>(
    'INSERT INTO accounts (id, name, tier) VALUES ($1, $2, $3) RETURNING id, name, tier, payment_behavior, created_at',
    [id, input.name, input.tier],
  );
  return rows[0]!;
}

export async function getAccount(db: Queryable, accountId: string): Promise<Account> {
  const { rows } = await db.query<Account>(
    'SELECT id, name, tier, payment_behavior, created_at FROM accounts WHERE id = $1',
    [accountId],
  );
  if (!rows[0]) throw new ApiError('account_not_found', `no account ${accountId}`);
  return rows[0];
}

export async function setTier(db: Queryable, accountId: string, tier: AccountTier): Promise<Account> {
  const { rowCount } = await db.query('UPDATE accounts SET tier = $2, updated_at = now() WHERE id = $1', [
    accountId,
    tier,
  ]);
  if (rowCount === 0) throw new ApiError('account_not_found', `no account ${accountId}`);
  return getAccount(db, accountId);
}

export async function setPaymentBehavior(db: Queryable, accountId: string, behavior: PaymentBehavior) {
  const { rowCount } = await db.query(
    'UPDATE accounts SET payment_behavior = $2, updated_at = now() WHERE id = $1',
    [accountId, behavior],
  );
  if (rowCount === 0) throw new ApiError('account_not_found', `no account ${accountId}`);
}

export interface CreatedKey {
  key_id: string;
  key: string;
  sandbox: boolean;
}

export async function createKey(
  db: Queryable,
  accountId: string,
  options: { sandbox: boolean },
): Promise<CreatedKey> {
  const account = await getAccount(db, accountId);
  if (!options.sandbox && !hasApiAccess(account.tier)) {
    throw new ApiError(
      'tier_insufficient',
      `a live key needs a max or business subscription; this account is ${account.tier}`,
    );
  }
  const key = generateKey(options.sandbox);
  const keyId = newId('key');
  await db.query(
    'INSERT INTO api_keys (id, account_id, key_hash, key_prefix, sandbox) VALUES ($1, $2, $3, $4, $5)',
    [keyId, accountId, hashKey(key), displayPrefix(key), options.sandbox],
  );
  return { key_id: keyId, key, sandbox: options.sandbox };
}

export async function revokeKey(db: Queryable, keyId: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING id',
    [keyId],
  );
  if (!rows[0]) throw new ApiError('key_not_found', `no key ${keyId}`);
}

export async function listKeys(db: Queryable, accountId: string) {
  const { rows } = await db.query<{
    key_id: string;
    prefix: string;
    sandbox: boolean;
    created_at: Date;
    revoked_at: Date | null;
  }>(
    `SELECT id AS key_id, key_prefix AS prefix, sandbox, created_at, revoked_at
       FROM api_keys WHERE account_id = $1 ORDER BY created_at`,
    [accountId],
  );
  return rows;
}

/** Resolves a presented key; undefined for an unknown or revoked one. */
export async function authenticate(db: Queryable, key: string): Promise<AuthContext | undefined> {
  const { rows } = await db.query<{
    key_id: string;
    account_id: string;
    tier: AccountTier;
    sandbox: boolean;
  }>(
    `SELECT k.id AS key_id, k.account_id, a.tier, k.sandbox
       FROM api_keys k JOIN accounts a ON a.id = k.account_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashKey(key)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { keyId: row.key_id, accountId: row.account_id, tier: row.tier, sandbox: row.sandbox };
}
export { AUTH_CACHE_TTL_MS, Authenticator } from './auth-cache.ts';
