// `bizfn worker` as separate processes (PostgreSQL only: PGlite belongs to one process): an API
// process that runs no jobs, two worker processes sharing the queue, one killed -9 along the way.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../helpers/child-server.ts';
import { openTestDatabase, TEST_DATABASE_URL, TEST_DB_KIND, type TestDatabase } from '../helpers/db.ts';

const CLI = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url));
const ADMIN_TOKEN = 'worker-test-admin-token-0123456789';
const NPI = 'report.new_product_intelligence';

let db: TestDatabase | undefined;
let api: ChildServer | undefined;
const workers: ChildProcess[] = [];
let env: Record<string, string> = {};

function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'worker', '--concurrency', '2'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/bizfn worker .* running/.test(output)) {
        clearTimeout(timer);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  if (TEST_DB_KIND !== 'postgres') return;
  db = await openTestDatabase();
  env = {
    ADMIN_TOKEN,
    DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${db.schema},public`)}`,
    RATE_LIMIT_BUSINESS_PER_MIN: '100000',
  };
});
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await api?.stop();
  await db?.close();
});

async function call(method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(api!.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: responses are asserted field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('bizfn worker processes', () => {
  it('refuses to start on the embedded store', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'worker'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '/tmp/bizfn-no-worker' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/needs DATABASE_URL/);
  });

  it('runs the jobs an API process queued, even when one worker is killed -9', {
    timeout: 120_000,
  }, async () => {
    api = await startChildServer({ ...env, NO_WORKER: '1', WORK_MS: '400' });
    const account = await call('POST', '/admin/v1/accounts', ADMIN_TOKEN, {
      name: 'workers',
      tier: 'business',
    });
    const key = (await call('POST', `/admin/v1/accounts/${account.body.account_id}/keys`, ADMIN_TOKEN, {}))
      .body.key as string;
    const jobIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const accepted = await call('POST', '/api/v1/business/run', key, {
        service_code: NPI,
        payload: { product: `widget ${i}` },
        async: true,
      });
      expect(accepted.status).toBe(202);
      jobIds.push(accepted.body.job_id);
    }
    // No worker yet: the jobs wait.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await call('GET', `/api/v1/business/jobs/${jobIds[0]}`, key)).body.status).toBe('queued');

    const first = await startWorkerProcess();
    await startWorkerProcess();
    first.kill('SIGKILL');
    const deadline = Date.now() + 90_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(
        jobIds.map(async (id) => (await call('GET', `/api/v1/business/jobs/${id}`, key)).body.status),
      );
      if (statuses.every((status) => status === 'succeeded' || status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(
      statuses.every((status) => status === 'succeeded' || status === 'failed'),
      statuses.join(),
    ).toBe(true);
    const { rows } = await db!.query<{ unrefunded_failures: number }>(
      `SELECT count(*) AS unrefunded_failures FROM jobs j
        WHERE j.status = 'failed' AND j.payment_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.payment_id = j.payment_id)`,
    );
    expect(rows[0]!.unrefunded_failures).toBe(0);
  });
});
