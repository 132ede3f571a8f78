// discover.* on the demo dataset: exactly ten ranked candidates with evidence, synonyms both
// ways, the province filter, 31-province rankings, competitors bounded and flagged when capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/helpers/db.ts';
import { refreshStats } from './stats.ts';
import { contextFor, isEnglish, openDemoDatabase, runEngine, runOk } from './testing/demo-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openDemoDatabase();
});
afterAll(async () => {
  await db.close();
});

const nonIncreasing = (values: readonly number[]) => values.every((v, i) => i === 0 || v <= values[i - 1]!);

describe(`discover.suppliers (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('returns ten ranked makers of the product, found through its synonyms in either language', async () => {
    const zh = await runOk('discover.suppliers', { product: 'LED灯' }, contextFor(db));
    expect(zh.candidates.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(nonIncreasing(zh.candidates.map((c) => c.score))).toBe(true);
    expect(zh.matched_terms).toContain('LED lighting');
    const ids = await db.query<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = 'demo' AND 'led_lighting' = ANY(products)`,
    );
    const makers = new Set(ids.rows.map((r) => r.name));
    for (const c of zh.candidates) {
      expect(c.country).toBe('CN');
      expect(makers.has(c.name)).toBe(true);
      expect(c.evidence.length).toBeGreaterThanOrEqual(3);
    }
    const en = await runOk('discover.suppliers', { product: 'LED lights' }, contextFor(db, 'en'));
    expect(en.matched_terms).toContain('LED灯具');
    expect(en.candidates.map((c) => c.name)).toEqual(zh.candidates.map((c) => c.name));
    for (const line of en.candidates.flatMap((c) => c.evidence)) expect(isEnglish(line), line).toBe(true);
  });

  it('keeps to the province asked for while it has makers, and says when it looks further', async () => {
    const { rows } = await db.query<{ province_code: string; n: number }>(
      `SELECT province_code, count(*)::int AS n FROM companies WHERE dataset = 'demo' AND status = 'active'
       AND 'led_lighting' = ANY(products) GROUP BY province_code ORDER BY n DESC LIMIT 1`,
    );
    const top = rows[0]!;
    const result = await runOk(
      'discover.suppliers',
      { product: 'LED灯', province: top.province_code },
      contextFor(db),
    );
    expect(result.query.province?.code).toBe(top.province_code);
    const inProvince = result.candidates.filter((c) => c.province?.code === top.province_code);
    expect(inProvince.length).toBe(Math.min(10, top.n));
    // Those come first; any others say they are from outside the province.
    expect(result.candidates.slice(0, inProvince.length)).toEqual(inProvince);
    for (const c of result.candidates.slice(inProvince.length))
      expect(c.evidence.join()).toMatch(/以外|同行业/);
  });

  it('rejects an unknown product or province with suggestions', async () => {
    const product = await runEngine('discover.suppliers', { product: '量子纠缠发生器' }, contextFor(db));
    expect(product).toMatchObject({ kind: 'rejected', field: 'product' });
    if (product.kind === 'rejected') expect(product.suggestions?.length).toBeGreaterThan(0);
    const province = await runEngine(
      'discover.suppliers',
      { product: 'LED灯', province: '浙汇' },
      contextFor(db),
    );
    expect(province).toMatchObject({ kind: 'rejected', field: 'province' });
    if (province.kind === 'rejected') expect(province.suggestions).toContain('浙江省');
  });
});

describe(`discover.buyers (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('ranks ten overseas buyers by what they bought, with the trade evidence', async () => {
    const result = await runOk('discover.buyers', { product: '蓝牙耳机' }, contextFor(db));
    expect(result.candidates).toHaveLength(10);
    expect(nonIncreasing(result.candidates.map((c) => c.score))).toBe(true);
    const { rows } = await db.query<{ name: string }>(
      `SELECT b.name FROM trade_records t JOIN overseas_buyers b ON b.dataset = t.dataset AND b.id = t.buyer_id
       WHERE t.dataset = 'demo' AND t.product = 'earphones' GROUP BY b.name ORDER BY sum(t.value_usd) DESC LIMIT 1`,
    );
    expect(result.candidates[0]!.name).toBe(rows[0]!.name);
    expect(result.candidates[0]!.evidence.join()).toMatch(/采购.*批次/);
    for (const c of result.candidates) {
      expect(c.country).toMatch(/^[A-Z]{2}$/);
      expect(c.uscc).toBeNull();
    }
  });

  it('counts only purchases from the province asked for', async () => {
    const { rows } = await db.query<{ province_code: string }>(
      `SELECT c.province_code FROM trade_records t JOIN companies c ON c.dataset = t.dataset AND c.id = t.company_id
       WHERE t.dataset = 'demo' AND t.product = 'tshirts' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const result = await runOk(
      'discover.buyers',
      { product: 'T恤', province: rows[0]!.province_code },
      contextFor(db, 'en'),
    );
    expect(result.candidates).toHaveLength(10);
    expect(result.candidates[0]!.evidence.join(' ')).toContain(`from ${result.query.province!.name}`);
  });
});

describe(`discover.cn_buyers (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('ranks all 31 provinces by downstream buyers, and lists the chosen province’s buyers', async () => {
    const result = await runOk('discover.cn_buyers', { industry: '五金', province: '江苏' }, contextFor(db));
    expect(result.industry.code).toBe('33');
    expect(result.ranking).toHaveLength(31);
    expect(new Set(result.ranking.map((r) => r.province.code)).size).toBe(31);
    expect(nonIncreasing(result.ranking.map((r) => r.buyers))).toBe(true);
    expect(result.ranking.reduce((s, r) => s + r.share, 0)).toBeCloseTo(1, 2);
    const downstream = result.buyer_industries.map((i) => i.code);
    expect(downstream).not.toContain('33');
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies WHERE dataset = 'demo' AND status = 'active'
       AND province_code = '320000' AND industry_code = ANY($1)`,
      [downstream],
    );
    expect(result.ranking.find((r) => r.province.code === '320000')!.buyers).toBe(rows[0]!.n);
    expect(result.province?.code).toBe('320000');
    expect(result.buyers!.length).toBe(Math.min(50, rows[0]!.n));
    for (const b of result.buyers!) {
      expect(b.province?.code).toBe('320000');
      expect(downstream).toContain(b.industry!.code);
    }
    expect(nonIncreasing(result.buyers!.map((b) => b.insured_employees))).toBe(true);
  });

  it('has no buyer list without a province, and rejects an unknown industry with suggestions', async () => {
    const result = await runOk('discover.cn_buyers', { industry: 'electronics' }, contextFor(db, 'en'));
    expect(result.buyers).toBeNull();
    expect(isEnglish(result.ranking[0]!.province.name)).toBe(true);
    const outcome = await runEngine('discover.cn_buyers', { industry: '星际采矿' }, contextFor(db));
    expect(outcome).toMatchObject({ kind: 'rejected', field: 'industry' });
    if (outcome.kind === 'rejected') expect(outcome.suggestions!.length).toBeGreaterThan(0);
  });
});

describe(`discover.competitors (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  async function target() {
    const { rows } = await db.query<{
      id: number;
      name: string;
      industry_code: string;
      province_code: string;
    }>(
      `SELECT id, name, industry_code, province_code FROM companies WHERE dataset = 'demo' AND status = 'active'
       AND industry_code = '38' ORDER BY insured_employees DESC LIMIT 1`,
    );
    return rows[0]!;
  }

  it('scores same-industry companies, best first, and counts them all', async () => {
    const t = await target();
    const result = await runOk('discover.competitors', { company: t.name }, contextFor(db));
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies WHERE dataset = 'demo' AND status = 'active' AND industry_code = '38' AND id <> $1`,
      [t.id],
    );
    expect(result.total_found).toBe(rows[0]!.n);
    expect(result.competitors).toHaveLength(Math.min(500, rows[0]!.n));
    expect(result.capped).toBe(rows[0]!.n > 500);
    expect(result.competitors.every((c) => c.industry?.code === '38' && c.name !== t.name)).toBe(true);
    expect(nonIncreasing(result.competitors.map((c) => c.score))).toBe(true);
    const local = await runOk(
      'discover.competitors',
      { company: t.name, same_province_only: true },
      contextFor(db),
    );
    expect(local.competitors.every((c) => c.province?.code === t.province_code)).toBe(true);
    expect(local.total_found).toBeLessThan(result.total_found);
  });

  it('stops at 500 and says so', async () => {
    const t = await target();
    // Six hundred more makers in the industry (a copy of the target under new names and codes).
    await db.query(
      `INSERT INTO companies (dataset, id, uscc, name, brand, brand_latin, province_code, industry_code, products, insured_employees)
       SELECT 'demo', 9000000 + i, lpad((9000000 + i)::text, 18, '9'), '测试' || i || '电气有限公司', '测' || i, 'ce' || i,
              province_code, industry_code, products, insured_employees
       FROM companies, generate_series(1, 600) i WHERE dataset = 'demo' AND id = $1`,
      [t.id],
    );
    await refreshStats(db, 'demo');
    const result = await runOk('discover.competitors', { company: t.name }, contextFor(db));
    expect(result.competitors).toHaveLength(500);
    expect(result.capped).toBe(true);
    expect(result.total_found).toBeGreaterThan(600);
    // The group-by-group search finds exactly the 500 a brute-force scoring of the industry finds.
    const brute = await db.query<{ name: string }>(
      `WITH t AS (SELECT * FROM agg_competitor WHERE dataset = 'demo' AND company_id = $1)
       SELECT x.name FROM agg_competitor c CROSS JOIN t JOIN companies x ON x.dataset = 'demo' AND x.id = c.company_id
       WHERE c.dataset = 'demo' AND c.industry_code = t.industry_code AND c.company_id <> t.company_id
       ORDER BY CASE WHEN c.products @> t.products AND cardinality(t.products) > 0 THEN 45
                     WHEN c.products && t.products THEN 25 ELSE 0 END
              + CASE WHEN c.province_code = t.province_code THEN 15 ELSE 0 END
              + 25 * (1 - least(1, abs(c.size_ln - t.size_ln) / ln(101)))
              + 5 * (1 - least(1, abs(c.capital_ln - t.capital_ln) / ln(1001)))
              + CASE WHEN c.exporter = t.exporter THEN 5 ELSE 0 END
              + CASE WHEN (c.tier_mask & t.tier_mask) <> 0 OR (c.tier_mask = 0 AND t.tier_mask = 0) THEN 5 ELSE 0 END DESC,
                c.company_id
       LIMIT 500`,
      [t.id],
    );
    expect(result.competitors.map((c) => c.name)).toEqual(brute.rows.map((r) => r.name));
    await db.query(`DELETE FROM companies WHERE dataset = 'demo' AND id > 9000000`);
    await refreshStats(db, 'demo');
  });
});
