// decide.* on the demo dataset: all 31 provinces ranked with their figures, side-by-side
// supplier scores with a recommendation, and every covered country ranked for a product.
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

const nonIncreasing = (values: readonly number[]) => values.every((v, i) => i === 0 || v <= values[i - 1]!);

describe(`decide.province (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('ranks all 31 provinces for the industry with the figures behind the score', async () => {
    const result = await runOk(
      'decide.province',
      { industry: '计算机、通信和其他电子设备制造业' },
      contextFor(db),
    );
    expect(result.industry.code).toBe('39');
    expect(result.ranking).toHaveLength(31);
    expect(result.ranking.map((r) => r.rank)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(nonIncreasing(result.ranking.map((r) => r.score))).toBe(true);
    expect(result.ranking.reduce((s, r) => s + r.share, 0)).toBeCloseTo(1, 2);
    const { rows } = await db.query<{ province_code: string; n: number }>(
      `SELECT province_code, count(*)::int AS n FROM companies WHERE dataset = 'demo' AND industry_code = '39' GROUP BY 1`,
    );
    for (const row of rows) {
      const entry = result.ranking.find((r) => r.province.code === row.province_code)!;
      expect(entry.companies).toBe(row.n);
      expect(entry.figures.companies).toBe(row.n);
    }
    // Electronics is led by Guangdong in the demo's industrial geography, as in China's.
    expect(result.recommendation.province.code).toBe('440000');
    expect(result.recommendation.province).toEqual(result.ranking[0]!.province);
    expect(result.recommendation.reasons.length).toBeGreaterThanOrEqual(3);
  });

  it('answers in English and rejects an unknown industry with suggestions', async () => {
    const result = await runOk('decide.province', { industry: 'textiles' }, contextFor(db, 'en'));
    for (const line of [
      result.industry.name,
      ...result.recommendation.reasons,
      ...result.ranking.map((r) => r.province.name),
    ]) {
      expect(isEnglish(line), line).toBe(true);
    }
    const outcome = await runEngine('decide.province', { industry: '飞船' }, contextFor(db));
    expect(outcome).toMatchObject({ kind: 'rejected', field: 'industry' });
    if (outcome.kind === 'rejected') {
      expect(outcome.msg).toContain('飞船');
      expect(outcome.suggestions!.length).toBeGreaterThan(0);
    }
  });
});

describe(`decide.compare_suppliers_5 (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  async function names(n: number): Promise<string[]> {
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = 'demo' AND status = 'active' AND industry_code = '33'
       ORDER BY insured_employees DESC LIMIT $1`,
      [n],
    );
    return rows.map((r) => r.name);
  }

  it('scores each company and recommends the best', async () => {
    const list = await names(4);
    const result = await runOk('decide.compare_suppliers_5', { names: list }, contextFor(db));
    expect(result.companies.map((c) => c.name)).toEqual(list);
    const best = [...result.companies].sort((a, b) => b.score - a.score)[0]!;
    expect(result.recommendation.name).toBe(best.name);
    expect(result.recommendation.reasons[0]).toContain(String(best.score));
    const largest = result.companies[0]!;
    expect(largest.strengths.join()).toContain('参保人数最多');
    for (const c of result.companies) expect(typeof c.figures.insured_employees).toBe('number');
  });

  it('rejects an unknown or repeated company, naming which one', async () => {
    const [a, b] = await names(2);
    const unknown = await runEngine('decide.compare_suppliers_5', { names: [a!, `${b!}x`] }, contextFor(db));
    expect(unknown).toMatchObject({ kind: 'rejected', field: 'names.1' });
    if (unknown.kind === 'rejected') expect(unknown.suggestions).toContain(b);
    const twice = await runEngine('decide.compare_suppliers_5', { names: [a!, a!] }, contextFor(db, 'en'));
    expect(twice).toMatchObject({ kind: 'rejected', field: 'names.1' });
  });
});

describe(`decide.market (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('ranks every covered country by purchasers of the product, never truncated', async () => {
    const result = await runOk('decide.market', { product: 'lithium battery' }, contextFor(db, 'en'));
    expect(result.hs_codes).toEqual(['850760']);
    const covered = await db.query<{ n: number }>(
      `SELECT count(DISTINCT country_code)::int AS n FROM overseas_buyers WHERE dataset = 'demo'`,
    );
    expect(result.covered_countries).toBe(covered.rows[0]!.n);
    expect(result.ranking).toHaveLength(covered.rows[0]!.n);
    expect(nonIncreasing(result.ranking.map((r) => r.purchasers))).toBe(true);
    const { rows } = await db.query<{ country_code: string; n: number }>(
      `SELECT country_code, count(DISTINCT buyer_id)::int AS n FROM trade_records
       WHERE dataset = 'demo' AND product = 'lithium_batteries' GROUP BY 1 ORDER BY n DESC, sum(value_usd) DESC LIMIT 1`,
    );
    expect(result.ranking[0]).toMatchObject({
      country: { code: rows[0]!.country_code },
      purchasers: rows[0]!.n,
    });
    expect(isEnglish(result.ranking[0]!.country.name)).toBe(true);
  });

  it('rejects a product it does not know, with the nearest products', async () => {
    const outcome = await runEngine('decide.market', { product: 'time machine' }, contextFor(db, 'en'));
    expect(outcome).toMatchObject({ kind: 'rejected', field: 'product' });
    if (outcome.kind === 'rejected') expect(outcome.suggestions!.length).toBeGreaterThan(0);
  });
});
