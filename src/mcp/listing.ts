// The list_services tool's answer: what /services lists, keyed by tool name, with the caller's
// balance and tier, so an agent can pick a tool and know what it will cost before calling it.
import { type AuthContext, hasApiAccess } from '../accounts/index.ts';
import { readBalance } from '../billing/index.ts';
import { payloadDoc, SERVICES, sptokPrice } from '../catalog/index.ts';
import { ApiError } from '../lib/errors.ts';
import type { RunDeps } from '../runs/index.ts';
import { priceText, toolName } from './tools.ts';

export async function listServices(deps: RunDeps, auth: AuthContext): Promise<Record<string, unknown>> {
  if (!auth.sandbox && !hasApiAccess(auth.tier)) {
    throw new ApiError(
      'tier_insufficient',
      `API access needs a max or business subscription; this account is ${auth.tier}`,
    );
  }
  const sptokPerUsd = deps.config.SPTOK_PER_USD;
  const listing: Record<string, unknown> = {
    ok: true,
    tier: hasApiAccess(auth.tier) ? auth.tier : 'max',
    sandbox: auth.sandbox,
  };
  if (auth.sandbox) {
    listing.note =
      'Sandbox key: every tool is free and answers with example data, 20 calls per tool per month.';
  } else {
    const state = await readBalance(
      deps.db,
      { id: auth.accountId, tier: auth.tier },
      deps.config,
      deps.clock.now(),
    );
    listing.balance_sptok = state.balance;
    listing.note =
      'Pooled tools draw their spTok price from balance_sptok; standalone tools charge the saved payment method.';
  }
  listing.services = SERVICES.map((service) => ({
    tool: toolName(service.code),
    service_code: service.code,
    title: service.title.en,
    summary: service.summary,
    usd: service.usdCents / 100,
    sptok: service.pooled ? sptokPrice(service, sptokPerUsd) : null,
    billing: service.pooled ? 'pooled' : 'standalone',
    price: priceText(service, sptokPerUsd),
    async: service.async,
    payload_doc: payloadDoc(service),
    note: service.note,
  }));
  return listing;
}
