// Every path, status and error code the OpenAPI document promises, provoked on the running server:
// the status must match and the body must validate against the documented schema. A documented
// outcome with no probe fails the suite; a probe whose route or dependency has not landed is skipped
// with the reason in its name, so what is left stays visible.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dereference } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { engineFor } from '../engines/index.ts';
import { newId } from '../lib/ids.ts';
import { monthOf } from '../lib/time.ts';
import { createReportDeps, createReports, type Reports } from '../reports/index.ts';
import { industryOverviewSample } from '../reports/samples.ts';
import { claimRun, parseRunRequest } from '../runs/index.ts';
import { createStandalone } from '../runs/standalone.ts';
import { probes, type Response } from './contract.probes.ts';
import { NPI } from './contract.support.ts';
import { type JsonSchema, openApiDocument } from './index.ts';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }>; headers?: object }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const FAILING = 'decide.market';

let server: TestServer;
let paymentsDown: TestServer;
let db: TestDatabase;
let dataDir: string;
let reports: Reports;
let sharedReport: ReturnType<typeof renderOwnedReport> | undefined;

/** A report owned by a fresh business key, rendered by the reports module as the pipeline does. */
async function renderOwnedReport() {
  const { key, keyId, accountId } = await server.account('business');
  const { download_urls } = await reports.render({
    serviceCode: 'report.industry_overview',
    result: industryOverviewSample('en'),
    lang: 'en',
    ownerKeyId: keyId,
    accountId,
    runId: newId('run'),
  });
  return { key, urls: download_urls };
}
let doc: Document;
let inUse: Promise<Response>;

/** Documented (operation, status, error code or "-") triples. */
function documentedOutcomes(document: Document): string[] {
  const outcomes: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = Object.values(response.content ?? {})[0]?.schema as
          | { properties?: { detail?: { properties?: { error?: { enum?: string[] } } } } }
          | undefined;
        const codes =
          Number(status) >= 400 ? (schema?.properties?.detail?.properties?.error?.enum ?? ['-']) : ['-'];
        for (const code of codes) outcomes.push(`${method.toUpperCase()} ${path} ${status} ${code}`);
      }
    }
  }
  return outcomes.sort();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bizfn-contract-'));
  db = await openTestDatabase();
  let base = '';
  reports = createReports(createReportDeps({ db, config: { DATA_DIR: dataDir }, publicBaseUrl: () => base }));
  server = await startTestServer({
    db,
    reports,
    env: {
      DATA_DIR: dataDir,
      SPTOK_GRANT_MAX: '0',
      RATE_LIMIT_MAX_PER_MIN: '3',
      BIZFN_FAULTS: `engine:${FAILING},engine:${NPI}`,
    },
    standalone: createStandalone(),
  });
  base = server.url;
  paymentsDown = await startTestServer({
    db,
    env: { DATA_DIR: dataDir, BIZFN_FAULTS: 'payments:down' },
    standalone: createStandalone(),
  });
  doc = (await dereference(openApiDocument() as never)) as unknown as Document;

  // A call with the same key is "in flight" (claimed, never settled): the server waits its 10 s for
  // it and answers 409. Started here so the wait overlaps the other probes.
  const { key, keyId, accountId } = await server.account('business');
  const body = {
    service_code: 'decide.province',
    payload: { industry: '纺织' },
    idempotency_key: randomUUID(),
  };
  const parsed = await parseRunRequest(body, async () => ({ ok: true }));
  await claimRun(server.db, {
    id: `run_${randomUUID().replaceAll('-', '')}`,
    keyId,
    accountId,
    idempotencyKey: body.idempotency_key,
    requestHash: parsed.requestHash,
    serviceCode: body.service_code,
    payload: parsed.payload,
    lang: parsed.lang,
    sandbox: false,
    isAsync: false,
    callbackUrl: null,
    period: monthOf(new Date()),
    retentionDays: 30,
  });
  inUse = server.call('POST', '/api/v1/business/run', { key, body });
});

afterAll(async () => {
  await inUse?.catch(() => undefined);
  await paymentsDown?.close();
  await server?.close();
  await db?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const allProbes = probes({
  server: () => server,
  inUse: () => inUse,
  failingCode: FAILING,
  hasEngine: (code) => engineFor(code) !== undefined,
  paymentsDown: () => paymentsDown,
  // Rendered through the reports module, as the pipeline does after a report engine ran.
  report: (fresh = false) => {
    if (fresh || !sharedReport) sharedReport = renderOwnedReport();
    return sharedReport;
  },
  dropReportFiles: () => rm(join(dataDir, 'reports'), { recursive: true, force: true }),
});

describe('OpenAPI document against the running server', () => {
  it('has a probe for every documented outcome', () => {
    const probed = new Set(
      allProbes.map((probe) => `${probe.operation} ${probe.status} ${probe.code ?? '-'}`),
    );
    const missing = documentedOutcomes(openApiDocument() as unknown as Document).filter(
      (o) => !probed.has(o),
    );
    expect(missing).toEqual([]);
  });

  for (const probe of allProbes) {
    const label = `${probe.operation} -> ${probe.status}${probe.code ? ` ${probe.code}` : ''}`;
    it(`${label}${probe.label ? ` (${probe.label})` : ''}`, async (context) => {
      const [method, path] = probe.operation.split(' ') as [string, string];
      const pending = probe.pending?.();
      const routed = server.service.app.hasRoute({
        method: method as 'GET',
        url: path.replace(/\{(\w+)\}/g, ':$1'),
      });
      if (!routed) context.skip(`route not registered yet: ${probe.operation}`);
      if (pending) context.skip(pending);

      const response = await probe.send();
      expect(response.status, JSON.stringify(response.body)).toBe(probe.status);
      const documented = doc.paths[path]![method.toLowerCase()]!.responses[String(probe.status)]!;
      const media = Object.keys(documented.content ?? {});
      const type = response.headers.get('content-type') ?? '';
      expect(media.some((candidate) => type.startsWith(candidate))).toBe(true);
      if (type.startsWith('application/json')) {
        const schema = z.fromJSONSchema(Object.values(documented.content!)[0]!.schema as never);
        const checked = schema.safeParse(response.body);
        expect(checked.success, `${JSON.stringify(response.body)}\n${checked.error?.message}`).toBe(true);
      }
      if (probe.code) expect(response.body.detail.error).toBe(probe.code);
      for (const header of Object.keys(documented.headers ?? {})) {
        expect(response.headers.get(header), header).not.toBeNull();
      }
    });
  }
});
