// build.naming and the report contents on the demo dataset: naming candidates checked against
// registered names and marks; industry overview, new-product intelligence and target list built
// from figures that match the store, within their bounds, in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/helpers/db.ts';
import { contextFor, isEnglish, openDemoDatabase, runEngine, runOk } from './testing/demo-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openDemoDatabase();
});
afterAll(async () => {
  await db.close();
});

describe(`build.naming (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('keeps region, industry words and form, and marks a name taken in the same province and industry', async () => {
    const { rows } = await db.query<{
      id: number;
      name: string;
      brand: string;
      province_code: string;
      industry_code: string;
    }>(
      `SELECT id, name, brand, province_code, industry_code FROM companies WHERE dataset = 'demo' AND name LIKE '%有限公司'
       ORDER BY id LIMIT 1`,
    );
    const company = rows[0]!;
    const before = await runOk('build.naming', { company: company.name }, contextFor(db));
    expect(before.zh_candidates.length).toBeGreaterThanOrEqual(5);
    const head = company.name.slice(0, company.name.indexOf(company.brand));
    for (const c of before.zh_candidates) {
      expect(c.name.startsWith(head)).toBe(true);
      expect(c.name.endsWith('有限公司')).toBe(true);
      expect(c.name).not.toBe(company.name);
      expect(c.available).toBe(!c.conflicts.some((x) => x.similarity >= 0.95));
    }
    expect(before.en_candidates.some((c) => c.method === 'pinyin')).toBe(true);
    expect(before.en_candidates.some((c) => c.method === 'meaning')).toBe(true);
    // Register the first proposed trade name for a neighbour in the same province and industry.
    const taken = before.zh_candidates[0]!.name;
    const brand = taken.slice(head.length, head.length + 2);
    await db.query(
      `INSERT INTO companies (dataset, id, uscc, name, brand, brand_latin, province_code, industry_code)
       VALUES ('demo', 9100001, '999999999999999991', $1, $2, 'x', $3, $4)`,
      [`${head}${brand}测试有限公司`, brand, company.province_code, company.industry_code],
    );
    const after = await runOk('build.naming', { company: company.name }, contextFor(db, 'en'));
    const same = after.zh_candidates.find((c) => c.name === taken);
    if (same) {
      expect(same.available).toBe(false);
      expect(same.conflicts[0]).toMatchObject({ kind: 'company_name', similarity: 1 });
    } else {
      // Available names are listed first; a taken one may fall off the end of the list.
      expect(after.zh_candidates.every((c) => c.available)).toBe(true);
    }
    for (const c of after.en_candidates)
      expect(isEnglish(c.name) && isEnglish(c.rationale.replace(/[\p{Script=Han}]/gu, ''))).toBe(true);
    await db.query(`DELETE FROM companies WHERE dataset = 'demo' AND id = 9100001`);
  });

  it('rejects a company it cannot find, with the closest names', async () => {
    const outcome = await runEngine('build.naming', { company: '某某不存在科技有限公司' }, contextFor(db));
    expect(outcome).toMatchObject({ kind: 'rejected', field: 'company' });
  });
});

describe(`report.industry_overview (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('sizes the industry, spreads it over 31 provinces, names its leaders and trend', async () => {
    const result = await runOk('report.industry_overview', { industry: '五金' }, contextFor(db));
    const { rows } = await db.query<{ n: number; insured: number }>(
      `SELECT count(*)::int AS n, sum(insured_employees)::int AS insured FROM companies WHERE dataset = 'demo' AND industry_code = '33'`,
    );
    expect(result.size.companies).toBe(rows[0]!.n);
    expect(result.size.insured_employees).toBe(rows[0]!.insured);
    expect(result.province_distribution).toHaveLength(31);
    expect(result.leaders.length).toBeGreaterThan(0);
    const insured = result.leaders.map((l) => l.insured_employees);
    expect(insured).toEqual([...insured].sort((a, b) => b - a));
    expect(result.trends).toHaveLength(10);
    expect(result.trends.at(-1)!.year).toBe(2025);
    expect(result.summary).toContain('金属制品业');
    expect(result.download_urls).toBeUndefined();
  });

  it('limits size and leaders to a province', async () => {
    const result = await runOk(
      'report.industry_overview',
      { industry: 'hardware', province: 'Zhejiang' },
      contextFor(db, 'en'),
    );
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies WHERE dataset = 'demo' AND industry_code = '33' AND province_code = '330000'`,
    );
    expect(result.size.companies).toBe(rows[0]!.n);
    expect(result.leaders.every((l) => l.province?.code === '330000')).toBe(true);
    expect(isEnglish(result.summary)).toBe(true);
  });
});

describe(`report.new_product_intelligence (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('gives demand, price bands, competing products and component suppliers; deconstruct goes deeper', async () => {
    const design = await runOk('report.new_product_intelligence', { product: '智能手机' }, contextFor(db));
    expect(design.mode).toBe('design');
    const purchasers = design.demand_by_country.map((d) => d.purchasers);
    expect(purchasers).toEqual([...purchasers].sort((a, b) => b - a));
    expect(design.price_bands).toHaveLength(4);
    expect(design.price_bands.reduce((s, b) => s + b.share, 0)).toBeCloseTo(1, 2);
    for (const [i, b] of design.price_bands.entries()) {
      expect(b.min_usd).toBeLessThanOrEqual(b.max_usd);
      if (i > 0) expect(b.min_usd).toBe(design.price_bands[i - 1]!.max_usd);
    }
    expect(design.competing_products.length).toBeGreaterThan(0);
    const parts = new Set(design.component_suppliers.map((c) => c.component));
    expect(parts.has('集成电路')).toBe(true);
    const deep = await runOk(
      'report.new_product_intelligence',
      { product: 'smartphones', mode: 'deconstruct' },
      contextFor(db, 'en'),
    );
    expect(deep.component_suppliers.length).toBeGreaterThan(design.component_suppliers.length);
    expect(isEnglish(deep.summary)).toBe(true);
    for (const c of deep.competing_products) expect(isEnglish(`${c.name} ${c.maker} ${c.note}`)).toBe(true);
  });
});

describe(`report.target_list_export (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('lists up to 30 companies meeting every filter, with contacts and a rationale', async () => {
    const result = await runOk(
      'report.target_list_export',
      { industry: '通用设备', tiers: ['high_tech', 'srdi'], min_insured: 5 },
      contextFor(db),
    );
    expect(result.companies.length).toBeGreaterThan(0);
    expect(result.companies.length).toBeLessThanOrEqual(30);
    expect(result.filters).toMatchObject({ province: null, tiers: ['high_tech', 'srdi'], min_insured: 5 });
    for (const c of result.companies) {
      expect(c.industry?.code).toBe('34');
      expect(c.insured_employees).toBeGreaterThanOrEqual(5);
      expect(c.tiers.some((t) => t === 'high_tech' || t === 'srdi')).toBe(true);
      expect(c.contacts.length).toBeGreaterThan(0);
      expect(c.rationale).toMatch(/综合评分/);
    }
    const wide = await runOk(
      'report.target_list_export',
      { industry: '电子', province: '广东' },
      contextFor(db, 'en'),
    );
    expect(wide.companies).toHaveLength(30);
    expect(wide.filters.min_insured).toBe(2);
    for (const c of wide.companies) {
      expect(c.province?.code).toBe('440000');
      expect(c.insured_employees).toBeGreaterThanOrEqual(2);
      expect(isEnglish(c.rationale.replace(/[\p{Script=Han}]/gu, ''))).toBe(true);
      for (const contact of c.contacts) expect(isEnglish(contact.title)).toBe(true);
    }
  });
});
