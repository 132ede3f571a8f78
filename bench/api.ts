// `npm run bench`: req/s and latency of the API beside two baselines measured in the same run, on
// PGlite and on PostgreSQL. Servers run as child processes on loopback; autocannon drives them
// for a fixed time, so the whole bench stops by itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/bizfn_bench';
const ADMIN = 'bench-admin-token-0123456789';
const RUN_BODY = { service_code: 'decide.market', payload: { product: 'LED lights' }, lang: 'en' };

interface Row {
  store: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    // node with tsx's loader, not npx: one process, so the stop signal reaches the server itself.
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out starting ${args.join(' ')}:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function measure(store: string, scenario: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    store,
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

async function recreateDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(PG_URL).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function benchStore(store: 'pglite' | 'postgres'): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bizfn-bench-'));
  const storeEnv: Record<string, string> = store === 'postgres' ? { DATABASE_URL: PG_URL } : {};
  if (store === 'postgres') await recreateDatabase();

  const baseline = await startProcess(
    ['bench/baseline-server.ts'],
    { ...storeEnv, DATA_DIR: join(dir, 'baseline'), PORT: '0' },
    /baseline listening on (\d+)/,
  );
  const basePort = /baseline listening on (\d+)/.exec(baseline.output)![1];
  rows.push(
    await measure(store, 'baseline: bare fastify JSON route', { url: `http://127.0.0.1:${basePort}/json` }),
  );
  rows.push(
    await measure(store, 'baseline: one INSERT + COMMIT', {
      url: `http://127.0.0.1:${basePort}/commit`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(RUN_BODY),
    }),
  );
  await stop(baseline.child);

  const service = await startProcess(
    ['src/main.ts'],
    {
      ...storeEnv,
      DATA_DIR: join(dir, 'service'),
      PORT: '0',
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
      DEMO_COMPANIES: process.env.BENCH_COMPANIES ?? '5000',
      RATE_LIMIT_BUSINESS_PER_MIN: '100000000',
    },
    /sandbox key:\s+(\S+)/,
  );
  const url = /listening on (http:\/\/\S+)/.exec(service.output)![1]!;
  const liveKey = /live key:\s+(\S+)/.exec(service.output)![1]!;
  const accountId = /account:\s+(\S+)/.exec(service.output)![1]!;
  await fetch(`${url}/admin/v1/accounts/${accountId}/sptok`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1_000_000_000, reason: 'bench' }),
  });
  const headers = { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' };
  rows.push(await measure(store, 'GET /services', { url: `${url}/api/v1/business/services`, headers }));
  rows.push(
    await measure(store, 'POST /run pooled (new key each call)', {
      url: `${url}/api/v1/business/run`,
      method: 'POST',
      headers,
      setupClient: (client) => {
        client.setBody(JSON.stringify({ ...RUN_BODY, idempotency_key: randomUUID() }));
        client.on('response', () =>
          client.setBody(JSON.stringify({ ...RUN_BODY, idempotency_key: randomUUID() })),
        );
      },
    }),
  );
  const replayKey = randomUUID();
  await fetch(`${url}/api/v1/business/run`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...RUN_BODY, idempotency_key: replayKey }),
  });
  rows.push(
    await measure(store, 'POST /run replayed (same key)', {
      url: `${url}/api/v1/business/run`,
      method: 'POST',
      headers,
      body: JSON.stringify({ ...RUN_BODY, idempotency_key: replayKey }),
    }),
  );
  await stop(service.child);
  await rm(dir, { recursive: true, force: true });
  return rows;
}

const stores = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const all: Row[] = [];
for (const store of stores) all.push(...(await benchStore(store)));

const lines = [
  `API bench: ${CONNECTIONS} connections, ${DURATION_S} s per scenario, loopback, ${new Date().toISOString()}`,
  '',
  '| store | scenario | req/s | p50 ms | p99 ms | non-2xx/errors |',
  '|---|---|---:|---:|---:|---:|',
  ...all.map((r) => `| ${r.store} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
];
for (const store of stores) {
  const commit = all.find((r) => r.store === store && r.scenario.includes('COMMIT'))!;
  const run = all.find((r) => r.store === store && r.scenario.includes('pooled'))!;
  lines.push(
    '',
    `${store}: pooled /run reaches ${((run.rps / commit.rps) * 100).toFixed(0)}% of the one-commit baseline (goal: at least 50%).`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
