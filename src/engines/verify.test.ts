// verify.deep_risk_check and verify.brand_check on the demo dataset: risk follows the records,
// marks are found exactly, by sound and by spelling, per market, in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/helpers/db.ts';
import { MARKETS } from '../catalog/index.ts';
import { contextFor, isEnglish, openDemoDatabase, runEngine, runOk } from './testing/demo-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openDemoDatabase();
});
afterAll(async () => {
  await db.close();
});

async function one<R>(sql: string, values: unknown[] = []): Promise<R> {
  const { rows } = await db.query<R>(sql, values);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

describe(`verify.deep_risk_check (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('rates a dishonest debtor high, with the listing among the drivers', async () => {
    const c = await one<{ name: string; uscc: string }>(
      `SELECT c.name, c.uscc FROM companies c JOIN risk_records r ON r.dataset = c.dataset AND r.company_id = c.id
       WHERE c.dataset = 'demo' AND r.kind = 'dishonest' AND r.status = 'open' ORDER BY c.id LIMIT 1`,
    );
    const result = await runOk('verify.deep_risk_check', { identifier: c.name }, contextFor(db));
    expect(result.company.name).toBe(c.name);
    expect(result.counts.dishonest).toBeGreaterThan(0);
    expect(result.risk_level).toBe('high');
    expect(result.risk_score).toBeGreaterThanOrEqual(60);
    expect(result.drivers.join('\n')).toContain('失信');
    expect(result.data_source).toBe('demo');
    // The heaviest findings come first.
    const order = { high: 0, medium: 1, low: 2 } as const;
    const severities = result.findings.map((f) => order[f.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
  });

  it('finds the same company by USCC, counts every record, and answers in English', async () => {
    const c = await one<{ uscc: string; n: number }>(
      `SELECT c.uscc, count(*)::int AS n FROM companies c JOIN risk_records r ON r.dataset = c.dataset AND r.company_id = c.id
       WHERE c.dataset = 'demo' GROUP BY c.uscc ORDER BY count(*) DESC, c.uscc LIMIT 1`,
    );
    const result = await runOk(
      'verify.deep_risk_check',
      { identifier: c.uscc.toLowerCase() },
      contextFor(db, 'en'),
    );
    expect(result.company.uscc).toBe(c.uscc);
    const { litigation, dishonest, enforcement, penalties, changes } = result.counts;
    expect(litigation + dishonest + enforcement + penalties + changes).toBe(c.n);
    // Case and decision numbers are identifiers and stay as issued; everything else is English.
    const details = result.findings.map((f) => f.detail.replace(/^Ref\. [^;]+;/, ''));
    for (const text of [...result.drivers, ...result.findings.map((f) => f.title), ...details]) {
      expect(isEnglish(text), text).toBe(true);
    }
    expect(isEnglish(result.company.province!.name)).toBe(true);
  });

  it('rates a company without records low', async () => {
    const c = await one<{ name: string }>(
      `SELECT c.name FROM companies c WHERE c.dataset = 'demo' AND c.status = 'active' AND NOT EXISTS (
         SELECT 1 FROM risk_records r WHERE r.dataset = 'demo' AND r.company_id = c.id) ORDER BY c.id LIMIT 1`,
    );
    const result = await runOk('verify.deep_risk_check', { identifier: c.name }, contextFor(db));
    expect(result.risk_score).toBe(0);
    expect(result.risk_level).toBe('low');
    expect(result.findings).toEqual([]);
    expect(result.drivers).toHaveLength(1);
  });

  it('rejects an unknown company with the closest names', async () => {
    const c = await one<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = 'demo' ORDER BY id LIMIT 1`,
    );
    const typo = c.name.replace('有限公司', '有限责任公司');
    const outcome = await runEngine('verify.deep_risk_check', { identifier: typo }, contextFor(db));
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected') return;
    expect(outcome.field).toBe('identifier');
    expect(outcome.msg).toContain(typo);
    expect(outcome.suggestions).toContain(c.name);
  });

  it('never reads the demo dataset for an operator call', async () => {
    const c = await one<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = 'demo' ORDER BY id LIMIT 1`,
    );
    const operator = { ...contextFor(db), dataset: 'operator' as const };
    expect((await runEngine('verify.deep_risk_check', { identifier: c.name }, operator)).kind).toBe(
      'rejected',
    );
    expect((await runEngine('discover.suppliers', { product: 'LED灯' }, operator)).kind).toBe('rejected');
    const market = await runOk('decide.market', { product: 'LED灯' }, operator);
    expect(market.data_source).toBe('operator');
    expect(market.ranking).toEqual([]);
  });

  it('rejects a USCC with a wrong check character', async () => {
    const c = await one<{ uscc: string }>(
      `SELECT uscc FROM companies WHERE dataset = 'demo' ORDER BY id LIMIT 1`,
    );
    const last = c.uscc.at(-1) === '0' ? '1' : '0';
    const outcome = await runEngine(
      'verify.deep_risk_check',
      { identifier: c.uscc.slice(0, 17) + last },
      contextFor(db, 'en'),
    );
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind === 'rejected') expect(outcome.msg).toMatch(/check character/);
  });
});

describe(`verify.brand_check (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('finds a registered Chinese mark exactly, and its pinyin as a sound-alike', async () => {
    const tm = await one<{ mark: string; mark_latin: string }>(
      `SELECT mark, mark_latin FROM trademarks WHERE dataset = 'demo' AND jurisdiction = 'cn' AND status = 'registered'
       AND mark ~ '^[^a-zA-Z]+$' ORDER BY id LIMIT 1`,
    );
    const exact = await runOk('verify.brand_check', { brand: tm.mark, markets: ['cn'] }, contextFor(db));
    expect(exact.markets).toHaveLength(1);
    const cn = exact.markets[0]!;
    expect(cn.conflicts[0]).toMatchObject({ mark: tm.mark, match: 'exact', similarity: 1 });
    expect(cn.risk_level).toBe('high');
    expect(exact.overall_risk).toBe('high');

    const spoken = await runOk(
      'verify.brand_check',
      { brand: tm.mark_latin, markets: ['cn'] },
      contextFor(db, 'en'),
    );
    const hit = spoken.markets[0]!.conflicts.find((c) => c.mark === tm.mark);
    expect(hit?.match).toBe('phonetic');
    expect(isEnglish(spoken.advice) && isEnglish(spoken.markets[0]!.advice)).toBe(true);
  });

  it('finds a coined English mark by sound and by spelling, in the right market only', async () => {
    const tm = await one<{ mark: string; jurisdiction: string }>(
      `SELECT mark, jurisdiction FROM trademarks WHERE dataset = 'demo' AND jurisdiction <> 'cn' AND status = 'registered'
       AND mark ~ '^[A-Z][a-z]+$' AND length(mark) >= 6 ORDER BY id LIMIT 1`,
    );
    // Same sound, other spelling: c/k and doubled vowels fold together.
    const soundAlike = tm.mark.toLowerCase().replace(/k/g, 'c').replace(/o/g, 'oo');
    const result = await runOk('verify.brand_check', { brand: `${soundAlike}x` }, contextFor(db));
    expect(result.markets.map((m) => m.market)).toEqual([...MARKETS]);
    const market = result.markets.find((m) => m.market === tm.jurisdiction)!;
    expect(market.conflicts.some((c) => c.mark === tm.mark && c.match !== 'exact')).toBe(true);
    const typo = await runOk('verify.brand_check', { brand: `${tm.mark.slice(0, -1)}q` }, contextFor(db));
    const similar = typo.markets
      .find((m) => m.market === tm.jurisdiction)!
      .conflicts.find((c) => c.mark === tm.mark);
    expect(similar?.match).toMatch(/similar|phonetic/);
    expect(similar!.similarity).toBeGreaterThanOrEqual(0.7);
  });

  it('clears a brand nothing resembles, with advice in every market', async () => {
    const result = await runOk('verify.brand_check', { brand: 'Qwyzzbvh' }, contextFor(db));
    expect(result.overall_risk).toBe('low');
    for (const market of result.markets) {
      expect(market.conflicts).toEqual([]);
      expect(market.advice.length).toBeGreaterThan(10);
    }
  });
});
