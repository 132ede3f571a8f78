// Rendering once per run, signed links, and opening a file only for the key that paid, on a real
// database and the real local file store in a temporary folder.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { createAccount, createKey } from '../accounts/index.ts';
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { industryOverviewSample, targetListSample } from './samples.ts';
import { createReportDeps, openReportFile, type ReportDeps, renderReport } from './service.ts';

let db: TestDatabase;
let dataDir: string;
let deps: ReportDeps;
let owner: { keyId: string; accountId: string };
let otherKeyId: string;
const BASE = 'https://api.example.test';

beforeAll(async () => {
  db = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'bizfn-reports-'));
  deps = createReportDeps({
    db,
    config: { DATA_DIR: dataDir },
    publicBaseUrl: () => BASE,
    clock: { now: () => new Date('2026-11-21T08:30:00Z') },
  });
  const account = await createAccount(db, { name: 'owner', tier: 'business' });
  const key = await createKey(db, account.id, { sandbox: false });
  const other = await createKey(db, account.id, { sandbox: false });
  owner = { keyId: key.key_id, accountId: account.id };
  otherKeyId = other.key_id;
});

afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

function render(
  runId: string,
  serviceCode = 'report.industry_overview',
  result: unknown = industryOverviewSample('zh'),
  lang: 'zh' | 'en' = 'zh',
) {
  return renderReport(deps, {
    serviceCode,
    result,
    lang,
    ownerKeyId: owner.keyId,
    accountId: owner.accountId,
    runId,
  });
}

function parts(url: string) {
  const match = /\/api\/v1\/business\/reports\/([^/]+)\/([^/]+)\/download\?fmt=(\w+)$/.exec(url);
  if (!match) throw new Error(`unexpected url ${url}`);
  return { kind: match[1]!, sig: match[2]!, fmt: match[3]! };
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 'resolved';
}

describe(`reports service (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('returns four absolute links of the documented form', async () => {
    const { download_urls } = await render(newId('run'));
    expect(Object.keys(download_urls).sort()).toEqual(['docx', 'md', 'pdf', 'txt']);
    for (const [fmt, url] of Object.entries(download_urls)) {
      expect(url.startsWith(`${BASE}/api/v1/business/reports/industry_overview/`)).toBe(true);
      expect(parts(url).fmt).toBe(fmt);
    }
    const sigs = new Set(Object.values(download_urls).map((url) => parts(url).sig));
    expect(sigs.size).toBe(1);
    expect([...sigs][0]!.length).toBeGreaterThan(40);
  });

  it('renders once per run: a repeat or a race returns the first links and writes nothing new', async () => {
    const runId = newId('run');
    const [a, b] = await Promise.all([render(runId), render(runId)]);
    const c = await render(runId);
    expect(b.download_urls).toEqual(a.download_urls);
    expect(c.download_urls).toEqual(a.download_urls);
    const { rows } = await db.query('SELECT id FROM reports WHERE run_id = $1', [runId]);
    expect(rows).toHaveLength(1);
    const folders = await readdir(join(dataDir, 'reports', '2026-11'));
    expect(folders).toContain(rows[0]!.id);
    expect(folders.filter((name) => name === rows[0]!.id)).toHaveLength(1);
  });

  it('serves each format to the key that paid, with its content type and a telling file name', async () => {
    const { download_urls } = await render(newId('run'));
    const { kind, sig } = parts(download_urls.pdf);
    const pdf = await openReportFile(deps, { kind, sig, fmt: undefined, keyId: owner.keyId });
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('行业分析报告_汽车制造业_2026-11-21.pdf')}`,
    );
    expect(pdf.disposition).toContain('filename="bizfn-industry-overview-2026-11-21.pdf"');
    const docx = await openReportFile(deps, { kind, sig, fmt: 'docx', keyId: owner.keyId });
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.body.subarray(0, 2).toString()).toBe('PK');
    const md = await openReportFile(deps, { kind, sig, fmt: 'md', keyId: owner.keyId });
    expect(md.contentType).toMatch(/^text\/markdown/);
    expect(md.body.toString()).toContain('# 中国行业分析报告');
    const txt = await openReportFile(deps, { kind, sig, fmt: 'txt', keyId: owner.keyId });
    expect(txt.contentType).toMatch(/^text\/plain/);
  });

  it('refuses another key, a bad format, an unknown kind, a forged or cross-kind sig, and a lost file', async () => {
    const { download_urls } = await render(newId('run'));
    const { kind, sig } = parts(download_urls.pdf);
    const open = (over: Partial<{ kind: string; sig: string; fmt: unknown; keyId: string }>) =>
      rejection(openReportFile(deps, { kind, sig, fmt: 'pdf', keyId: owner.keyId, ...over }));
    expect(await open({ keyId: otherKeyId })).toBe('not_your_report');
    expect(await open({ fmt: 'xlsx' })).toBe('bad_fmt');
    expect(await open({ fmt: ['pdf', 'md'] })).toBe('bad_fmt');
    expect(await open({ fmt: '' })).toBe('bad_fmt');
    expect(await open({ kind: 'annual_report' })).toBe('unknown_report_kind');
    expect(await open({ kind: 'target_list' })).toBe('report_not_found');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(await open({ sig: flipped })).toBe('report_not_found');
    expect(await open({ sig: `${'A'.repeat(22)}.${sig.split('.')[1]}` })).toBe('report_not_found');
    expect(await open({ sig: 'nonsense' })).toBe('report_not_found');

    const { rows } = await db.query<{ files: { md: { path: string } } }>(
      'SELECT files FROM reports WHERE id = $1',
      [`rpt_${sig.split('.')[0]}`],
    );
    await rm(join(dataDir, 'reports', rows[0]!.files.md.path));
    expect(await open({ fmt: 'md' })).toBe('file_missing');
  });

  it('keeps one signing secret in the database, so links outlive a restart', async () => {
    const { download_urls } = await render(
      newId('run'),
      'report.target_list_export',
      targetListSample('en', 5),
      'en',
    );
    const { kind, sig } = parts(download_urls.txt);
    expect(kind).toBe('target_list');
    const restarted = createReportDeps({ db, config: { DATA_DIR: dataDir }, publicBaseUrl: () => BASE });
    const file = await openReportFile(restarted, { kind, sig, fmt: 'txt', keyId: owner.keyId });
    expect(file.body.toString()).toContain('Target Company List');
    const { rows } = await db.query('SELECT count(*)::int AS n FROM report_signing_keys');
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('fails on a result that does not match its schema and stores nothing', async () => {
    const runId = newId('run');
    await expect(render(runId, 'report.industry_overview', { nope: true })).rejects.toThrow();
    await expect(render(runId, 'verify.brand_check', {})).rejects.toThrow(/not a report service/);
    const { rows } = await db.query('SELECT id FROM reports WHERE run_id = $1', [runId]);
    expect(rows).toHaveLength(0);
  });
});
