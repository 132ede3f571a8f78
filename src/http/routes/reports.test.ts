// The download endpoint through the real server: the paying key gets each format with the spec's
// content type and a telling file name; everyone else gets the contract's errors.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers/db.ts';
import { startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { newId } from '../../lib/ids.ts';
import { createReportDeps, createReports, type DownloadUrls } from '../../reports/index.ts';
import { industryOverviewSample, newProductSample } from '../../reports/samples.ts';

let server: TestServer;
let dataDir: string;
let owner: { accountId: string; key: string; keyId: string };
let urls: DownloadUrls;
let productUrls: DownloadUrls;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bizfn-download-'));
  const db = await openTestDatabase();
  let base = '';
  // The renderer the pipeline calls, writing where the route reads (DATA_DIR/reports).
  const reports = createReports(
    createReportDeps({ db, config: { DATA_DIR: dataDir }, publicBaseUrl: () => base }),
  );
  server = await startTestServer({ db, env: { DATA_DIR: dataDir }, reports });
  base = server.url;
  owner = await server.account('business');
  const render = (serviceCode: string, result: unknown, lang: 'zh' | 'en') =>
    reports.render({
      serviceCode,
      result,
      lang,
      ownerKeyId: owner.keyId,
      accountId: owner.accountId,
      runId: newId('run'),
    });
  urls = (await render('report.industry_overview', industryOverviewSample('zh'), 'zh')).download_urls;
  productUrls = (await render('report.new_product_intelligence', newProductSample('en'), 'en')).download_urls;
});

afterAll(async () => {
  await server.close();
  await server.db.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function get(url: string, key?: string) {
  const response = await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const body = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json')
    ? JSON.parse(body.toString())
    : undefined;
  return { status: response.status, headers: response.headers, body, json };
}

const swap = (url: string, from: RegExp, to: string) => url.replace(from, to);

describe('GET /api/v1/business/reports/{kind}/{sig}/download', () => {
  it('links point at this server', () => {
    expect(urls.pdf.startsWith(`${server.url}/api/v1/business/reports/industry_overview/`)).toBe(true);
    expect(productUrls.md).toContain('/reports/new_product_intelligence/');
  });

  it('serves every format to the paying key with the spec content type and a file name that says what it is', async () => {
    const expected = {
      pdf: ['application/pdf', '%PDF-'],
      docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK'],
      md: ['text/markdown; charset=utf-8', '# 中国行业分析报告'],
      txt: ['text/plain; charset=utf-8', '===='],
    } as const;
    for (const [fmt, [type, start]] of Object.entries(expected)) {
      const response = await get(urls[fmt as keyof DownloadUrls], owner.key);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.body.toString('utf8', 0, 40).startsWith(start)).toBe(true);
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(
        new RegExp(`^attachment; filename="bizfn-industry-overview-\\d{4}-\\d{2}-\\d{2}\\.${fmt}"`),
      );
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(
        new RegExp(`^行业分析报告_汽车制造业_\\d{4}-\\d{2}-\\d{2}\\.${fmt}$`),
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    const english = await get(productUrls.txt, owner.key);
    expect(english.headers.get('content-disposition')).toMatch(
      /^attachment; filename="new-product-intelligence_Portable-power-station_\d{4}-\d{2}-\d{2}\.txt"/,
    );
  });

  it('serves the pdf when fmt is left out', async () => {
    const response = await get(swap(urls.pdf, /\?fmt=pdf$/, ''), owner.key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers 401 without a key or with an unknown one', async () => {
    for (const key of [undefined, 'sk-live-not-a-key']) {
      const response = await get(urls.pdf, key);
      expect(response.status).toBe(401);
      expect(response.json.detail.error).toBe('invalid_api_key');
    }
  });

  it('answers 403 not_your_report to any other key, of the same account or another', async () => {
    const sameAccount = await server.admin('POST', `/admin/v1/accounts/${owner.accountId}/keys`, {});
    const stranger = await server.account('business');
    const sandbox = await server.account('max', { sandbox: true });
    for (const key of [sameAccount.body.key, stranger.key, sandbox.key]) {
      const response = await get(urls.docx, key);
      expect(response.status).toBe(403);
      expect(response.json.detail.error).toBe('not_your_report');
      expect(typeof response.json.detail.msg).toBe('string');
    }
  });

  it('answers 400 bad_fmt for a format outside pdf, docx, md, txt', async () => {
    for (const fmt of ['xlsx', 'PDF', '', 'pdf&fmt=md']) {
      const response = await get(swap(urls.pdf, /fmt=pdf$/, `fmt=${fmt}`), owner.key);
      expect(response.status).toBe(400);
      expect(response.json.detail.error).toBe('bad_fmt');
    }
  });

  it('answers 404 unknown_report_kind, and report_not_found for a tampered, unknown or cross-kind sig', async () => {
    const kind = await get(swap(urls.pdf, /\/industry_overview\//, '/annual_report/'), owner.key);
    expect(kind.status).toBe(404);
    expect(kind.json.detail.error).toBe('unknown_report_kind');
    const sig = urls.pdf.split('/')[8]!;
    const tampered = `${sig.slice(0, 5)}${sig[5] === 'x' ? 'y' : 'x'}${sig.slice(6)}`;
    const forged = `${newId('rpt', 16).slice(4)}.${sig.split('.')[1]}`;
    for (const url of [
      urls.pdf.replace(sig, tampered),
      urls.pdf.replace(sig, forged),
      urls.pdf.replace(sig, 'x'),
      swap(urls.pdf, /\/industry_overview\//, '/target_list/'),
    ]) {
      const response = await get(url, owner.key);
      expect(response.status).toBe(404);
      expect(response.json.detail.error).toBe('report_not_found');
    }
  });

  it('answers 404 file_missing when the store lost the file', async () => {
    const id = `rpt_${productUrls.pdf.split('/')[8]!.split('.')[0]}`;
    const { rows } = await server.db.query<{ files: { docx: { path: string } } }>(
      'SELECT files FROM reports WHERE id = $1',
      [id],
    );
    await rm(join(dataDir, 'reports', rows[0]!.files.docx.path));
    const response = await get(productUrls.docx, owner.key);
    expect(response.status).toBe(404);
    expect(response.json.detail.error).toBe('file_missing');
    expect((await get(productUrls.pdf, owner.key)).status).toBe(200);
  });

  it('stops serving once the paying key is revoked', async () => {
    const other = await server.account('business');
    const runId = newId('run');
    const reports = createReports(
      createReportDeps({ db: server.db, config: { DATA_DIR: dataDir }, publicBaseUrl: () => server.url }),
    );
    const { download_urls } = await reports.render({
      serviceCode: 'report.new_product_intelligence',
      result: newProductSample('zh'),
      lang: 'zh',
      ownerKeyId: other.keyId,
      accountId: other.accountId,
      runId,
    });
    expect((await get(download_urls.md, other.key)).status).toBe(200);
    expect((await server.admin('DELETE', `/admin/v1/keys/${other.keyId}`)).status).toBe(204);
    expect((await get(download_urls.md, other.key)).status).toBe(401);
  });
});
