// A report through the whole service: POST /run on the demo dataset renders the files before the
// result is stored, the links download for the paying key, and a replay returns the same links
// without rendering again.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase } from '../../src/engines/testing/demo-db.ts';
import { createReportDeps, createReports } from '../../src/reports/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bizfn-report-run-'));
  const db = await openDemoDatabase();
  let base = '';
  const reports = createReports(
    createReportDeps({ db, config: { DATA_DIR: dataDir }, publicBaseUrl: () => base }),
  );
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

    const { key: stranger } = await server.account('business');
    const refused = await server.call('GET', new URL(urls.docx!).pathname + new URL(urls.docx!).search, {
      key: stranger,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.error).toBe('not_your_report');
  });
});
