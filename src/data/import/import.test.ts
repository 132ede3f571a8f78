// The importer loads the documented CSV/JSONL format into the operator dataset: all or nothing per
// file, bad rows named by file, line and reason, and a second import of the same files a no-op.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { makeUscc } from '../uscc.ts';
import { deriveBrand, importDirectory } from './importer.ts';

const A = makeUscc('330000', 101);
const B = makeUscc('440000', 202);
const BAD = `${A.slice(0, 17)}${A[17] === '0' ? '1' : '0'}`;

const companiesCsv = `uscc,name,name_en,province_code,city,industry_code,products,registered_capital_cny,founded_on,insured_employees,tiers,exporter
${A},宁波恒通五金制品有限公司,Ningbo Hengtong Hardware Co. Ltd.,浙江,宁波,33,hand_tools|fasteners,5000000,2012-05-01,120,high_tech|srdi,true
${B},"深圳市远航电子科技有限公司",,440000,深圳,电子,智能手机|蓝牙耳机,10000000,2016-09-12,300,,false
`;
const buyersJsonl = [
  { name: 'Harbor Tools Inc.', country_code: 'US', city: 'Chicago', products: ['hand_tools'], employees: 40 },
  { name: 'Nordwerk GmbH', country_code: 'DE', kind: 'distributor', products: ['fasteners'] },
]
  .map((r) => JSON.stringify(r))
  .join('\n');
const tradeJsonl = [
  {
    ref_no: 'BL-1',
    exporter_uscc: A,
    buyer_name: 'Harbor Tools Inc.',
    buyer_country: 'US',
    hs_code: '820559',
    shipped_on: '2024-03-01',
    quantity: 1000,
    unit: 'piece',
    value_usd: 8000,
  },
  {
    ref_no: 'BL-2',
    exporter_uscc: A,
    buyer_name: 'Nordwerk GmbH',
    buyer_country: 'DE',
    hs_code: '731815',
    shipped_on: '2024-05-01',
    value_usd: 12000,
  },
]
  .map((r) => JSON.stringify(r))
  .join('\n');
const riskJsonl = JSON.stringify({
  company_uscc: B,
  kind: 'litigation',
  ref_no: '(2023)粤0305民初123号',
  occurred_on: '2023-04-02',
  role: 'defendant',
  amount_cny: 50000,
  title_zh: '买卖合同纠纷',
  detail: { cause: '买卖合同纠纷' },
});
const trademarksCsv = `jurisdiction,reg_no,mark,nice_class,owner_name,owner_uscc,status
cn,30000001,恒通,8,宁波恒通五金制品有限公司,${A},registered
us_uk,US-1,HENGTONG,8,Ningbo Hengtong Hardware Co. Ltd.,${A},pending
`;
const contactsCsv = `owner_kind,company_uscc,buyer_name,buyer_country,name,title,email,is_primary
company,${A},,,王伟,总经理,wang.wei@hengtong.example,true
buyer,,Harbor Tools Inc.,US,Jane Doe,Purchasing Manager,jane@harbor.example,true
`;

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await openTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'bizfn-import-'));
  await writeFile(join(dir, 'companies.csv'), companiesCsv);
  await writeFile(join(dir, 'overseas_buyers.jsonl'), buyersJsonl);
  await writeFile(join(dir, 'trade_records.jsonl'), tradeJsonl);
  await writeFile(join(dir, 'risk_records.jsonl'), riskJsonl);
  await writeFile(join(dir, 'trademarks.csv'), trademarksCsv);
  await writeFile(join(dir, 'contacts.csv'), contactsCsv);
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const count = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE dataset = 'operator'`)).rows[0]!.n;

describe(`import (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('loads every file, resolving names, codes and references', async () => {
    const report = await importDirectory(db, dir);
    expect(report.files.map((f) => [f.file.split('/').pop(), f.committed, f.written])).toEqual([
      ['companies.csv', true, 2],
      ['overseas_buyers.jsonl', true, 2],
      ['trademarks.csv', true, 2],
      ['risk_records.jsonl', true, 1],
      ['trade_records.jsonl', true, 2],
      ['contacts.csv', true, 2],
    ]);
    expect(report).toMatchObject({ ok: true, companies: 2 });
    const b = await db.query<Record<string, unknown>>(
      "SELECT province_code, industry_code, products, brand, brand_latin FROM companies WHERE dataset = 'operator' AND uscc = $1",
      [B],
    );
    expect(b.rows[0]).toEqual({
      province_code: '440000',
      industry_code: '39',
      products: ['smartphones', 'earphones'],
      brand: '远航',
      brand_latin: 'yuanhang',
    });
    const trade = await db.query<{ product: string; country_code: string }>(
      "SELECT product, country_code FROM trade_records WHERE dataset = 'operator' ORDER BY ref_no",
    );
    expect(trade.rows).toEqual([
      { product: 'hand_tools', country_code: 'US' },
      { product: 'fasteners', country_code: 'DE' },
    ]);
    const label = await db.query<{ companies: number; synthetic: boolean }>(
      "SELECT companies, synthetic FROM datasets WHERE name = 'operator'",
    );
    expect(label.rows[0]).toEqual({ companies: 2, synthetic: false });
    expect(
      (await db.query<{ n: number }>("SELECT count(*) AS n FROM companies WHERE dataset = 'demo'")).rows[0]!
        .n,
    ).toBe(0);
  });

  it('changes nothing when the same files are imported again', async () => {
    const before = await db.query(
      "SELECT id, updated_at FROM companies WHERE dataset = 'operator' ORDER BY id",
    );
    const stamp = await db.query("SELECT loaded_at FROM datasets WHERE name = 'operator'");
    const report = await importDirectory(db, dir);
    expect(report.ok).toBe(true);
    expect(report.files.every((f) => f.written === 0)).toBe(true);
    expect(
      (await db.query("SELECT id, updated_at FROM companies WHERE dataset = 'operator' ORDER BY id")).rows,
    ).toEqual(before.rows);
    expect((await db.query("SELECT loaded_at FROM datasets WHERE name = 'operator'")).rows).toEqual(
      stamp.rows,
    );
    expect(await count('contacts')).toBe(2);
  });

  it('reports a bad row with file, line and reason, and commits nothing of that file', async () => {
    const bad = await mkdtemp(join(tmpdir(), 'bizfn-import-bad-'));
    try {
      const C = makeUscc('320000', 303);
      await writeFile(
        join(bad, 'companies.csv'),
        `uscc,name,province_code,industry_code,insured_employees\n${C},苏州新建纺织有限公司,江苏,17,10\n${BAD},错误公司,浙江,33,5\n${makeUscc('320000', 304)},某某公司,火星,33,-1\n`,
      );
      await writeFile(
        join(bad, 'risk_records.jsonl'),
        JSON.stringify({
          company_uscc: C,
          kind: 'penalty',
          ref_no: 'X-1',
          occurred_on: '2024-01-01',
          title_zh: '罚款',
        }),
      );
      const report = await importDirectory(db, bad);
      expect(report.ok).toBe(false);
      const companies = report.files[0]!;
      expect(companies.committed).toBe(false);
      expect(companies.problems).toEqual([
        {
          file: join(bad, 'companies.csv'),
          line: 3,
          reason: expect.stringMatching(/^uscc: invalid USCC .*check character/),
        },
        {
          file: join(bad, 'companies.csv'),
          line: 4,
          reason: expect.stringMatching(/province_code: unknown province "火星".*insured_employees/),
        },
      ]);
      // The good first row was not committed either, so the risk record's company is unknown.
      expect(report.files[1]!.problems[0]).toMatchObject({
        line: 1,
        reason: expect.stringContaining(`no company with USCC ${C}`),
      });
      expect(await count('companies')).toBe(2);
    } finally {
      await rm(bad, { recursive: true, force: true });
    }
  });

  it('updates a changed row in place, keeping its id', async () => {
    const changed = await mkdtemp(join(tmpdir(), 'bizfn-import-upd-'));
    try {
      await writeFile(join(changed, 'companies.csv'), companiesCsv.replace(',120,', ',150,'));
      const before = await db.query<{ id: number }>(
        "SELECT id FROM companies WHERE dataset = 'operator' AND uscc = $1",
        [A],
      );
      const report = await importDirectory(db, changed);
      expect(report.files[0]).toMatchObject({ committed: true, written: 1 });
      const after = await db.query<{ id: number; insured_employees: number }>(
        "SELECT id, insured_employees FROM companies WHERE dataset = 'operator' AND uscc = $1",
        [A],
      );
      expect(after.rows[0]).toEqual({ id: before.rows[0]!.id, insured_employees: 150 });
    } finally {
      await rm(changed, { recursive: true, force: true });
    }
  });

  it('refuses a file that names one row twice, and a CSV that does not parse', async () => {
    const dup = await mkdtemp(join(tmpdir(), 'bizfn-import-dup-'));
    try {
      await writeFile(
        join(dup, 'companies.csv'),
        `uscc,name,province_code,industry_code\n${A},甲公司,浙江,33\n${A},乙公司,浙江,33\n`,
      );
      await writeFile(join(dup, 'overseas_buyers.csv'), 'name,country_code\n"unclosed,US\n');
      const report = await importDirectory(db, dup);
      expect(report.files[0]!.problems).toEqual([
        { file: join(dup, 'companies.csv'), line: 3, reason: `same uscc ${A} as line 2` },
      ]);
      expect(report.files[1]!.committed).toBe(false);
      expect(report.files[1]!.problems[0]!.reason).toMatch(/^CSV: /);
    } finally {
      await rm(dup, { recursive: true, force: true });
    }
  });

  it('derives a brand from a legal name', () => {
    expect(deriveBrand('宁波恒通五金制品有限公司')).toBe('恒通');
    expect(deriveBrand('浙江省宁波市鑫达电子股份有限公司')).toBe('鑫达');
  });
});
