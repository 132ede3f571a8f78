// Operator API under /admin/v1, behind ADMIN_TOKEN: accounts, tiers, keys, top-ups, the ledger
// and the local payment provider's saved-card behaviour. The `bizfn` CLI is a client of it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountTier,
  createAccount,
  createKey,
  getAccount,
  listKeys,
  PAYMENT_BEHAVIORS,
  revokeKey,
  setPaymentBehavior,
  setTier,
} from '../../accounts/index.ts';
import { callsThisMonth, listEntries, readBalance, topUp } from '../../billing/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { iso, monthOf } from '../../lib/time.ts';
import type { AppDeps } from '../app.ts';

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.join('.');
    throw new ApiError('invalid_request', path ? `${path}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

const newAccount = z.object({ name: z.string().trim().min(1).max(200), tier: accountTier }).strict();
const tierChange = z.object({ tier: accountTier }).strict();
const newKey = z.object({ sandbox: z.boolean().default(false) }).strict();
const sptokTopUp = z
  .object({
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
const paymentMethod = z.object({ behavior: z.enum(PAYMENT_BEHAVIORS) }).strict();

type AccountParams = { Params: { account_id: string } };

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const now = () => deps.clock.now();

  async function accountView(accountId: string) {
    const account = await getAccount(deps.db, accountId);
    const state = await readBalance(deps.db, account, deps.config, now());
    return {
      account_id: account.id,
      name: account.name,
      tier: account.tier,
      balance: state.balance,
      grant_balance: state.grant,
      calls_this_month: await callsThisMonth(deps.db, account.id, monthOf(now())),
      payment_behavior: account.payment_behavior,
      created_at: iso(account.created_at),
      keys: (await listKeys(deps.db, account.id)).map((key) => ({
        ...key,
        created_at: iso(key.created_at),
        revoked_at: iso(key.revoked_at),
      })),
    };
  }

  app.post('/admin/v1/accounts', async (request, reply) => {
    const input = parse(newAccount, request.body);
    const account = await createAccount(deps.db, input);
    return reply.status(201).send({ account_id: account.id, name: account.name, tier: account.tier });
  });

  app.patch<AccountParams>('/admin/v1/accounts/:account_id', async (request) => {
    const { tier } = parse(tierChange, request.body);
    const account = await setTier(deps.db, request.params.account_id, tier);
    deps.authenticator.forgetAccount(account.id);
    // A tier that gains a grant gets this month's at once.
    await readBalance(deps.db, account, deps.config, now());
    return { account_id: account.id, tier: account.tier };
  });

  app.get<AccountParams>('/admin/v1/accounts/:account_id', async (request) =>
    accountView(request.params.account_id),
  );

  app.post<AccountParams>('/admin/v1/accounts/:account_id/keys', async (request, reply) => {
    const { sandbox } = parse(newKey, request.body);
    const created = await createKey(deps.db, request.params.account_id, { sandbox });
    return reply.status(201).send(created);
  });

  app.delete<{ Params: { key_id: string } }>('/admin/v1/keys/:key_id', async (request, reply) => {
    await revokeKey(deps.db, request.params.key_id);
    deps.authenticator.forgetKey(request.params.key_id);
    return reply.status(204).send();
  });

  app.post<AccountParams>('/admin/v1/accounts/:account_id/sptok', async (request) => {
    const input = parse(sptokTopUp, request.body);
    const account = await getAccount(deps.db, request.params.account_id);
    const state = await topUp(deps.db, account, input, deps.config, now());
    return { account_id: account.id, balance: state.balance };
  });

  app.get<AccountParams>('/admin/v1/accounts/:account_id/ledger', async (request) => {
    const account = await getAccount(deps.db, request.params.account_id);
    await readBalance(deps.db, account, deps.config, now());
    const entries = await listEntries(deps.db, account.id);
    return {
      account_id: account.id,
      entries: entries.map((entry) => ({ ...entry, created_at: iso(entry.created_at) })),
    };
  });

  app.put<AccountParams>('/admin/v1/accounts/:account_id/payment-method', async (request) => {
    if (deps.config.PAYMENTS !== 'local') {
      throw new ApiError(
        'invalid_request',
        'saved-card behaviour is only set for the local payment provider',
      );
    }
    const { behavior } = parse(paymentMethod, request.body);
    await setPaymentBehavior(deps.db, request.params.account_id, behavior);
    return { account_id: request.params.account_id, behavior };
  });
}
