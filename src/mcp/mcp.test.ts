// The MCP server end to end: the official SDK Client over Streamable HTTP against the real server
// and database. Tool calls must behave like POST /run: billed, refunded, validated the same way.
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { SERVICES, sptokPrice } from '../catalog/index.ts';
import { createStandalone } from '../runs/standalone.ts';
import { DELIVER_CHECKOUT, GET_JOB, LIST_SERVICES, toolName } from './tools.ts';

/** Requests per minute of max-tier and sandbox keys on the test server (business keys: 600). */
const MAX_PER_MIN = 12;

let server: TestServer;
let live: { accountId: string; key: string };
let sandbox: { accountId: string; key: string };
const clients: Client[] = [];

async function connect(key: string | undefined, headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } },
  });
  const client = new Client({ name: 'bizfn-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { result, body: result.structuredContent as Record<string, unknown> };
}

/** A pooled service and a payload its engine accepts on an empty dataset. */
const pooled = SERVICES.find((service) => service.code === 'verify.brand_check')!;
const pooledArgs = { brand: 'Anker', markets: ['us_uk'] };
/** A pooled service whose engine is made to fail (fault injection), to see the refund. */
const failing = SERVICES.find((service) => service.code === 'decide.market')!;
/** Standalone services: NPI's engine is made to fail too; TLE is used async. */
const NPI = 'report.new_product_intelligence';
const TLE = 'report.target_list_export';

beforeAll(async () => {
  server = await startTestServer({
    env: {
      BIZFN_FAULTS: `engine:${failing.code},engine:${NPI}`,
      RATE_LIMIT_MAX_PER_MIN: String(MAX_PER_MIN),
    },
    standalone: createStandalone(),
  });
  live = await server.account('business');
  sandbox = await server.account('max', { sandbox: true });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
});

describe('MCP server at /mcp', () => {
  it('lists list_services and one tool per service', async () => {
    const client = await connect(live.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      LIST_SERVICES,
      ...SERVICES.map((s) => toolName(s.code)),
      GET_JOB,
      DELIVER_CHECKOUT,
    ]);
    const brand = tools.find((tool) => tool.name === 'verify_brand_check')!;
    expect(brand.description).toContain('USD 99');
    expect(brand.description).toContain('pooled');
    expect(brand.inputSchema.required).toEqual(['brand']);
    const target = tools.find((tool) => tool.name === 'report_target_list_export')!;
    expect(target.description).toContain('standalone');
    expect(Object.keys(target.inputSchema.properties ?? {})).toContain('async');
  });

  it('list_services returns prices and the balance', async () => {
    const client = await connect(live.key);
    const { result, body } = await call(client, LIST_SERVICES, {});
    expect(result.isError).toBeFalsy();
    expect(body.balance_sptok).toBe(await server.balance(live.accountId));
    const services = body.services as Array<{ service_code: string; tool: string; sptok: number | null }>;
    expect(services).toHaveLength(SERVICES.length);
    const entry = services.find((service) => service.service_code === pooled.code)!;
    expect(entry).toMatchObject({ tool: toolName(pooled.code), sptok: sptokPrice(pooled, 100) });
  });

  it('a pooled tool call draws its price from the balance, once per idempotency key', async () => {
    const client = await connect(live.key);
    const before = await server.balance(live.accountId);
    const args = { ...pooledArgs, lang: 'en', idempotency_key: randomUUID() };
    const first = await call(client, toolName(pooled.code), args);
    expect(first.result.isError, JSON.stringify(first.body)).toBeFalsy();
    expect(first.body).toMatchObject({
      ok: true,
      service_code: pooled.code,
      sptok_charged: sptokPrice(pooled, 100),
    });
    expect(await server.balance(live.accountId)).toBe(before - sptokPrice(pooled, 100));
    const again = await call(client, toolName(pooled.code), args);
    expect(again.body).toMatchObject({ replayed: true, result: first.body.result });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/bizfn_runs_total\{service_code="verify.brand_check",outcome="200"\} [1-9]/);
    expect(await server.balance(live.accountId)).toBe(before - sptokPrice(pooled, 100));
  });

  it('a tool call gets the volume discount of the month, as /run does', async () => {
    const { key, accountId } = await server.account('business');
    // 1000 charged calls this month already: call 1001 is 10% off.
    await server.db.query('INSERT INTO account_usage (account_id, period, calls) VALUES ($1, $2, 1000)', [
      accountId,
      new Date().toISOString().slice(0, 7),
    ]);
    const before = await server.balance(accountId);
    const { body } = await call(await connect(key), toolName(pooled.code), pooledArgs);
    const discounted = (sptokPrice(pooled, 100) * 9) / 10;
    expect(body).toMatchObject({ ok: true, sptok_charged: discounted, volume_discount_factor: 0.9 });
    expect(await server.balance(accountId)).toBe(before - discounted);
  });

  it('a sandbox key calls for free and is told so', async () => {
    const client = await connect(sandbox.key);
    const { result, body } = await call(client, toolName(pooled.code), pooledArgs);
    expect(result.isError, JSON.stringify(body)).toBeFalsy();
    expect(body).toMatchObject({ ok: true, sandbox: true, sptok_charged: 0 });
    expect(body.sandbox_note).toEqual(expect.any(String));
    const listing = await call(client, LIST_SERVICES, {});
    expect(listing.body).toMatchObject({ sandbox: true });
  });

  it('an engine failure is a tool error and is refunded', async () => {
    const client = await connect(live.key);
    const before = await server.balance(live.accountId);
    const { result, body } = await call(client, toolName(failing.code), { product: 'LED lamps' });
    expect(result.isError).toBe(true);
    expect(body).toMatchObject({ detail: { error: 'engine_error', refunded: true } });
    expect(await server.balance(live.accountId)).toBe(before);
  });

  it('a bad argument is a tool error with the contract code, and charges nothing', async () => {
    const client = await connect(live.key);
    const before = await server.balance(live.accountId);
    const missing = await call(client, 'verify_brand_check', {});
    expect(missing.result.isError).toBe(true);
    expect(missing.body).toMatchObject({
      detail: { error: 'engine_rejected_input', field: 'payload.brand' },
    });
    const text = missing.result.content[0];
    expect(text?.type === 'text' && text.text).toMatch(/^Error engine_rejected_input \(HTTP 400\)/);
    const asyncOnSync = await call(client, 'verify_brand_check', { brand: 'x', async: true });
    expect(asyncOnSync.body).toMatchObject({ detail: { error: 'async_not_supported' } });
    expect(await server.balance(live.accountId)).toBe(before);
  });

  it('refuses a missing or wrong key and a foreign Origin', async () => {
    await expect(connect(undefined)).rejects.toThrow();
    await expect(connect('sk-live-not-a-key')).rejects.toThrow();
    const raw = await server.call('POST', '/mcp', { body: {} });
    expect(raw.status).toBe(401);
    expect(raw.body).toMatchObject({ detail: { error: 'invalid_api_key' } });
    const foreign = await server.call('POST', '/mcp', {
      key: live.key,
      body: {},
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ detail: { error: 'forbidden_origin' } });
    await expect(connect(live.key, { origin: server.url })).resolves.toBeDefined();
  });

  it('applies the key rate limit to /mcp with the contract error', async () => {
    const { key } = await server.account('max');
    const client = await connect(key);
    let failure: unknown;
    for (let i = 0; i < MAX_PER_MIN && !failure; i++) {
      await client.callTool({ name: LIST_SERVICES, arguments: {} }).catch((error: unknown) => {
        failure = error;
      });
    }
    expect(String(failure)).toMatch(/429.*rate_limited|rate_limited/s);
  });

  it('an async tool call returns a job that get_job reports', async () => {
    const { key, accountId } = await server.account('business');
    await server.admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'succeed' });
    const client = await connect(key);
    const queued = await call(client, toolName(TLE), { industry: '纺织', async: true });
    expect(queued.result.isError, JSON.stringify(queued.body)).toBeFalsy();
    expect(queued.body).toMatchObject({ ok: true, status: 'queued', job_id: expect.stringMatching(/^job_/) });
    expect(queued.body.status_url).toBe(`${server.url}/api/v1/business/jobs/${queued.body.job_id}`);
    // The server's worker runs the job; get_job follows it to its end.
    let job = await call(client, GET_JOB, { job_id: queued.body.job_id });
    for (let i = 0; i < 150 && ['queued', 'running'].includes(String(job.body.status)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await call(client, GET_JOB, { job_id: queued.body.job_id });
    }
    expect(job.result.isError).toBeFalsy();
    expect(job.body).toMatchObject({ job_id: queued.body.job_id, service_code: TLE, status: 'succeeded' });
    expect(job.body.result).toMatchObject({ companies: expect.any(Array) });
    const stranger = await call(await connect(live.key), GET_JOB, { job_id: queued.body.job_id });
    expect(stranger.body).toMatchObject({ detail: { error: 'not_your_job' } });
  });

  it('a declined card is a tool error with the checkout URL; deliver_checkout follows the payment', async () => {
    const { key, accountId } = await server.account('business');
    await server.admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'decline' });
    const client = await connect(key);
    const declined = await call(client, toolName(NPI), { product: 'LED desk lamp' });
    expect(declined.result.isError).toBe(true);
    expect(declined.body).toMatchObject({ ok: false, error: 'offsession_charge_failed' });
    const checkoutUrl = declined.body.checkout_url as string;
    const text = declined.result.content[0];
    expect(text?.type === 'text' && text.text).toContain(checkoutUrl);
    const session = declined.body.checkout_session_id as string;
    const early = await call(client, DELIVER_CHECKOUT, { checkout_session_id: session });
    expect(early.body).toMatchObject({ detail: { error: 'checkout_pending', checkout_url: checkoutUrl } });
    expect((await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBeLessThan(
      400,
    );
    // The engine of this service is made to fail: the paid charge comes back refunded.
    const delivered = await call(client, DELIVER_CHECKOUT, { checkout_session_id: session });
    expect(delivered.body).toMatchObject({ detail: { error: 'engine_error', refunded: true } });
  });
});
