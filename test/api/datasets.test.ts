// Real data never reaches a sandbox key: once the operator has imported data, live keys answer
// from it, while sandbox keys keep answering from the synthetic demo dataset, and say so.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDirectory } from '../../src/data/index.ts';
import { makeUscc } from '../../src/data/uscc.ts';
import { refreshStats } from '../../src/engines/index.ts';
import { openTestDatabase } from '../helpers/db.ts';
import { loadSmallDemo } from '../helpers/demo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const OPERATOR_COMPANY = '杭州明远软件有限公司';
const OPERATOR_USCC = makeUscc('330000', 424_242);

let server: TestServer;
let demoCompany: string;
let dir: string;

beforeAll(async () => {
  const db = await openTestDatabase();
  await loadSmallDemo(db, 600);
  dir = await mkdtemp(join(tmpdir(), 'bizfn-datasets-'));
  await writeFile(
    join(dir, 'companies.csv'),
    `uscc,name,province_code,city,industry_code,insured_employees\n${OPERATOR_USCC},${OPERATOR_COMPANY},浙江,杭州,65,40\n`,
  );
  await writeFile(
    join(dir, 'risk_records.jsonl'),
    JSON.stringify({
      company_uscc: OPERATOR_USCC,
      kind: 'penalty',
      ref_no: 'OP-1',
      occurred_on: '2025-01-02',
      amount_cny: 20000,
      title_zh: '未按期办理纳税申报',
    }),
  );
  const report = await importDirectory(db, dir);
  expect(report.ok).toBe(true);
  await refreshStats(db, 'operator');
  const first = await db.query<{ name: string }>(
    "SELECT name FROM companies WHERE dataset = 'demo' ORDER BY id LIMIT 1",
  );
  demoCompany = first.rows[0]!.name;
  server = await startTestServer({ db });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const riskCheck = (key: string, identifier: string) =>
  server.call('POST', '/api/v1/business/run', {
    key,
    body: { service_code: 'verify.deep_risk_check', payload: { identifier } },
  });

describe(`datasets over HTTP (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('answers a live key from the operator data once there is some', async () => {
    const live = await server.account('business');
    const found = await riskCheck(live.key, OPERATOR_USCC);
    expect(found.status).toBe(200);
    expect(found.body.result).toMatchObject({ data_source: 'operator', company: { name: OPERATOR_COMPANY } });
    expect(found.body.result.counts.penalties).toBe(1);
    const demoOnly = await riskCheck(live.key, demoCompany);
    expect(demoOnly.status).toBe(400);
    expect(demoOnly.body.detail.error).toBe('engine_rejected_input');
  });

  it('never shows operator data to a sandbox key, which answers from the labelled demo data', async () => {
    const sandbox = await server.account('free', { sandbox: true });
    const hidden = await riskCheck(sandbox.key, OPERATOR_USCC);
    expect(hidden.status).toBe(400);
    expect(hidden.body.detail.error).toBe('engine_rejected_input');
    expect(JSON.stringify(hidden.body)).not.toContain(OPERATOR_COMPANY);
    const demo = await riskCheck(sandbox.key, demoCompany);
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({
      sandbox: true,
      result: { data_source: 'demo', company: { name: demoCompany } },
    });
  });
});
