// A real server on a random loopback port over a real database, plus small admin helpers, for
// tests that go through HTTP like an API user does.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/index.ts';
import { testConfig } from '../../src/config/index.ts';
import type { Clock } from '../../src/lib/time.ts';
import type { ReportRenderer, StandaloneRunner } from '../../src/runs/index.ts';
import { createService, type Service } from '../../src/server.ts';
import { openTestDatabase, type TestDatabase } from './db.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

// Tests assert response bodies field by field, so a body is typed loosely on purpose.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Body = any;

export interface TestServer {
  url: string;
  db: TestDatabase;
  service: Service;
  config: Config;
  /** fetch against the server with JSON in and out. */
  call(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    headers: Headers;
    body: Body;
  }>;
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }>;
  /** Creates an account with a live key (or a sandbox key); returns ids and the key. */
  account(
    tier?: 'free' | 'pro' | 'max' | 'business',
    options?: { sandbox?: boolean },
  ): Promise<{ accountId: string; key: string; keyId: string }>;
  balance(accountId: string): Promise<number>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Partial<Record<keyof Config, string>>;
  db?: TestDatabase;
  clock?: Clock;
  reports?: ReportRenderer;
  standalone?: StandaloneRunner;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // Report files go to a directory of this server's own, never into the repository.
  const dataDir = await mkdtemp(join(tmpdir(), 'bizfn-test-'));
  const config = testConfig({ PORT: '0', ADMIN_TOKEN, DATA_DIR: dataDir, ...options.env });
  const db = options.db ?? (await openTestDatabase());
  const service = await createService(config, {
    db,
    clock: options.clock,
    reports: options.reports,
    standalone: options.standalone,
  });
  const url = await service.listen();
  service.markReady();

  const call: TestServer['call'] = async (method, path, { key, body, headers = {} } = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed };
  };
  const admin: TestServer['admin'] = (method, path, body) => call(method, path, { key: ADMIN_TOKEN, body });

  return {
    url,
    db,
    service,
    config,
    call,
    admin,
    async account(tier = 'business', { sandbox = false } = {}) {
      const created = await admin('POST', '/admin/v1/accounts', { name: `test ${tier}`, tier });
      const key = await admin('POST', `/admin/v1/accounts/${created.body.account_id}/keys`, { sandbox });
      if (key.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(key.body)}`);
      return { accountId: created.body.account_id, key: key.body.key, keyId: key.body.key_id };
    },
    async balance(accountId) {
      const account = await admin('GET', `/admin/v1/accounts/${accountId}`);
      return account.body.balance;
    },
    async close() {
      await service.close();
      if (!options.db) await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
