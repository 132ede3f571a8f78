// The pure parts of the engines, without a database: risk weighting, mark classification,
// product matching, name splitting and the formats of both languages.
import { describe, expect, it } from 'vitest';
import { SERVICE_CODES } from '../catalog/index.ts';
import { classifyMatch, marketRisk } from './brand-match.ts';
import { guessBrand } from './companies.ts';
import { engineFor } from './index.ts';
import { brandPairs, splitName } from './naming.ts';
import { matchProducts } from './products.ts';
import { assessRisk, type RiskRecord } from './risk-score.ts';
import { editSimilarity, formatCny, formatUsd, joinList, toLatin } from './text.ts';

const NOW = new Date('2025-06-30T00:00:00Z');
const record = (over: Partial<RiskRecord>): RiskRecord => ({
  kind: 'litigation',
  occurredOn: '2025-01-01',
  subtype: null,
  role: 'defendant',
  amountCny: null,
  status: 'closed',
  title: 't',
  ...over,
});

describe('risk scoring', () => {
  it('puts one open dishonest-debtor listing above many closed lawsuits', () => {
    const dishonest = assessRisk([record({ kind: 'dishonest', status: 'open' })], 'active', NOW);
    const lawsuits = assessRisk(
      Array.from({ length: 5 }, () => record({ occurredOn: '2018-01-01' })),
      'active',
      NOW,
    );
    expect(dishonest.level).toBe('high');
    expect(lawsuits.level).toBe('low');
    expect(dishonest.score).toBeGreaterThan(lawsuits.score);
  });

  it('weighs recent, large and defendant matters more, and a deregistered company high', () => {
    const recent = assessRisk([record({ occurredOn: '2025-03-01' })], 'active', NOW).score;
    const old = assessRisk([record({ occurredOn: '2015-03-01' })], 'active', NOW).score;
    const large = assessRisk(
      [record({ occurredOn: '2025-03-01', amountCny: 50_000_000 })],
      'active',
      NOW,
    ).score;
    const plaintiff = assessRisk(
      [record({ occurredOn: '2025-03-01', role: 'plaintiff' })],
      'active',
      NOW,
    ).score;
    expect(recent).toBeGreaterThan(old);
    expect(large).toBeGreaterThan(recent);
    expect(plaintiff).toBeLessThan(recent);
    expect(assessRisk([], 'revoked', NOW).level).toBe('high');
    expect(assessRisk([], 'active', NOW)).toMatchObject({ score: 0, level: 'low' });
  });
});

describe('mark classification', () => {
  const forms = (raw: string, sound: string) => ({ raw, latin: toLatin(raw), sound });
  it('tells exact, same-pinyin, sound-alike and look-alike marks apart', () => {
    expect(classifyMatch(forms('鑫达', 'snt'), { mark: '鑫达', latin: 'xinda', sound: 'snt' })?.match).toBe(
      'exact',
    );
    expect(classifyMatch(forms('Xinda', 'snt'), { mark: 'XINDA', latin: 'xinda', sound: 'snt' })?.match).toBe(
      'exact',
    );
    expect(classifyMatch(forms('新达', 'snt'), { mark: '鑫达', latin: 'xinda', sound: 'snt' })?.match).toBe(
      'phonetic',
    );
    expect(classifyMatch(forms('Nike', 'nk'), { mark: 'Naik', latin: 'naik', sound: 'nk' })?.match).toBe(
      'phonetic',
    );
    expect(
      classifyMatch(forms('Lumitek', 'lmtk'), { mark: 'Lumitex', latin: 'lumitex', sound: 'lmts' })?.match,
    ).toBe('similar');
    expect(classifyMatch(forms('Apex', 'aps'), { mark: 'Zenith', latin: 'zenith', sound: 'snt' })).toBeNull();
  });

  it('rates a market high only for live identical or same-sounding marks', () => {
    const conflict = (match: 'exact' | 'phonetic' | 'similar', status: string, similarity = 1) => ({
      match,
      status,
      similarity,
      nice_class: 9,
    });
    expect(marketRisk([conflict('exact', 'registered')])).toBe('high');
    expect(marketRisk([conflict('exact', 'expired')])).toBe('low');
    expect(marketRisk([conflict('phonetic', 'pending', 0.8)])).toBe('medium');
    expect(marketRisk([conflict('similar', 'registered', 0.75)])).toBe('low');
  });
});

describe('products and names', () => {
  it('matches products in both languages and keeps the specific ones', () => {
    expect(matchProducts('电池').products.map((p) => p.key)).toEqual(['lithium_batteries']);
    expect(matchProducts('bluetooth earphones').terms).toContain('蓝牙耳机');
    expect(
      matchProducts('solar panels and inverters')
        .products.map((p) => p.key)
        .sort(),
    ).toEqual(['inverters', 'solar_panels']);
    expect(matchProducts('量子计算机').products).toEqual([]);
  });

  it('splits a legal name around its 字号 and proposes distinct new ones', () => {
    expect(splitName('宁波鑫达五金制品有限公司', '鑫达')).toEqual({
      prefix: '宁波',
      trade: '五金制品',
      form: '有限公司',
    });
    expect(guessBrand('宁波鑫达五金制品有限责任公司')).toBe('鑫达');
    const pairs = brandPairs(42, '鑫达', 10);
    expect(pairs).toHaveLength(10);
    expect(new Set(pairs.map(([a, b]) => a.ch + b.ch)).size).toBe(10);
    expect(pairs.every(([a, b]) => a !== b && !'鑫达'.includes(a.ch))).toBe(true);
  });
});

describe('text', () => {
  it('formats money and lists per language', () => {
    expect(formatCny('zh', 50_000_000)).toBe('5000万元');
    expect(formatCny('en', 120_000_000)).toBe('CNY 120 million');
    expect(formatUsd('en', 1_234_567)).toBe('US$1.2M');
    expect(joinList('zh', ['甲', '乙', '丙'])).toBe('甲、乙和丙');
    expect(joinList('en', ['a', 'b'])).toBe('a and b');
    expect(editSimilarity('xinda', 'sinda')).toBeCloseTo(0.8);
  });
});

describe('registry', () => {
  it('has an engine for every service of the catalog', () => {
    expect(SERVICE_CODES.filter((code) => !engineFor(code))).toEqual([]);
  });
});
