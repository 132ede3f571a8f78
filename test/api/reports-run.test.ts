// A report through the whole service: POST /run on the demo dataset renders the files before the
// result is stored, the links download for the paying key, and a replay returns the same links
// without rendering again. Async report jobs render before they succeed; a render that fails
// fails the job and refunds it.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase } from '../../src/engines/testing/demo-db.ts';
import { createReportDeps, createReports, localStore, type Reports } from '../../src/reports/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let dataDir: string;
let working: Reports;
let broken: Reports;
/** The renderer the pipeline sees; a test switches it to one whose store cannot be written. */
let current: () => Reports;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bizfn-report-run-'));
  const db = await openDemoDatabase();
  let base = '';
  working = createReports(createReportDeps({ db, config: { DATA_DIR: dataDir }, publicBaseUrl: () => base }));
  // A store rooted under a regular file: every write fails with ENOTDIR, as a full or lost disk would.
  const blocked = join(dataDir, 'not-a-folder');
  await writeFile(blocked, '');
  broken = createReports(
    createReportDeps({
      db,
      config: { DATA_DIR: dataDir },
      publicBaseUrl: () => base,
      store: localStore(blocked),
    }),
  );
  current = () => working;
  // The pipeline's renderer: the real one, or (for one test) the real one over the unwritable store.
  const reports: Reports = {
    render: (input) => current().render(input),
    open: (input) => current().open(input),
  };
  server = await startTestServer({ db, env: { DATA_DIR: dataDir }, reports });
  base = server.url;
});

afterAll(async () => {
  await server.close();
  await server.db.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('report.industry_overview through POST /run', () => {
  it('returns download_urls that serve the files to the paying key, and replays them unchanged', async () => {
    const { key } = await server.account('business');
    const body = {
      service_code: 'report.industry_overview',
      payload: { industry: '五金' },
      lang: 'zh',
      idempotency_key: 'report-run-1',
    };
    const first = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(first.status).toBe(200);
    const urls = first.body.result.download_urls as Record<string, string>;
    expect(Object.keys(urls).sort()).toEqual(['docx', 'md', 'pdf', 'txt']);
    expect(urls.pdf).toMatch(
      new RegExp(`^${server.url}/api/v1/business/reports/industry_overview/[^/]+/download\\?fmt=pdf$`),
    );

    const pdf = await fetch(urls.pdf!, { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const md = await fetch(urls.md!, { headers: { authorization: `Bearer ${key}` } });
    const text = await md.text();
    expect(text).toContain(first.body.result.industry.name);
    expect(text).toContain(first.body.result.size.companies.toLocaleString('en-US'));

    const replay = await server.call('POST', '/api/v1/business/run', { key, body });
    expect(replay.status).toBe(200);
    expect(replay.body.replayed).toBe(true);
    expect(replay.body.result.download_urls).toEqual(urls);
    const { rows } = await server.db.query('SELECT id FROM reports');
    expect(rows).toHaveLength(1);
    expect(await readdir(join(dataDir, 'reports'))).toHaveLength(1);
    expect(
      await readdir(join(dataDir, 'reports', (await readdir(join(dataDir, 'reports')))[0]!)),
    ).toHaveLength(1);

    const { key: stranger } = await server.account('business');
    const refused = await server.call('GET', new URL(urls.docx!).pathname + new URL(urls.docx!).search, {
      key: stranger,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.error).toBe('not_your_report');
  });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('async report jobs', () => {
  it('render before the job succeeds; the job result carries the links', async () => {
    const { key } = await server.account('business');
    const accepted = await server.call('POST', '/api/v1/business/run', {
      key,
      body: {
        service_code: 'report.new_product_intelligence',
        payload: { product: 'smartphones' },
        lang: 'en',
        async: true,
      },
    });
    expect(accepted.status).toBe(202);
    const done = await until(
      () => server.call('GET', `/api/v1/business/jobs/${accepted.body.job_id}`, { key }),
      (r) => r.body.status === 'succeeded' || r.body.status === 'failed',
    );
    expect(done.body.status).toBe('succeeded');
    const urls = done.body.result.download_urls as Record<string, string>;
    expect(urls.txt).toContain('/api/v1/business/reports/new_product_intelligence/');
    const txt = await fetch(urls.txt!, { headers: { authorization: `Bearer ${key}` } });
    expect(txt.status).toBe(200);
    expect(await txt.text()).toContain('New Product Intelligence Report');
  });

  it('fail and refund when the files cannot be written', async () => {
    const { key } = await server.account('business');
    current = () => broken;
    try {
      const accepted = await server.call('POST', '/api/v1/business/run', {
        key,
        body: {
          service_code: 'report.target_list_export',
          payload: { industry: '电子' },
          lang: 'zh',
          async: true,
        },
      });
      expect(accepted.status).toBe(202);
      const done = await until(
        () => server.call('GET', `/api/v1/business/jobs/${accepted.body.job_id}`, { key }),
        (r) => r.body.status === 'succeeded' || r.body.status === 'failed',
      );
      expect(done.body).toMatchObject({ status: 'failed', usd_charged: 0, refunded: true });
      expect(done.body.result).toBeUndefined();
    } finally {
      current = () => working;
    }
  });
});
