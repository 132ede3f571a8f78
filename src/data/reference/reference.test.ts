// Reference data is complete and internally consistent: every code a table or the generator uses
// exists in its code system.
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryByCode,
  divisionByCode,
  HS_CHAPTERS,
  hsChapter,
  INDUSTRY_DIVISIONS,
  INDUSTRY_SECTIONS,
  NICE_CLASSES,
  PRODUCTS,
  PROFILES,
  PROVINCES,
  productByKey,
  provinceWeights,
} from './index.ts';

describe('reference data', () => {
  it('has the 31 provincial-level divisions with GB/T 2260 codes and both names', () => {
    expect(PROVINCES).toHaveLength(31);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(31);
    for (const province of PROVINCES) {
      expect(province.code).toMatch(/^[1-6]\d0000$/);
      expect(province.zh.startsWith(province.short)).toBe(true);
      expect(province.en).toMatch(/^[A-Z]/);
      expect(province.cities.length).toBeGreaterThan(0);
    }
    expect(PROVINCES.find((p) => p.code === '440000')?.zh).toBe('广东省');
  });

  it('has GB/T 4754-2017: 20 sections and 97 divisions, each in a known section', () => {
    expect(INDUSTRY_SECTIONS.map((s) => s.code).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(INDUSTRY_DIVISIONS).toHaveLength(97);
    expect(INDUSTRY_DIVISIONS.map((d) => Number(d.code))).toEqual(
      Array.from({ length: 97 }, (_, i) => i + 1),
    );
    const sections = new Set(INDUSTRY_SECTIONS.map((s) => s.code));
    for (const division of INDUSTRY_DIVISIONS) expect(sections.has(division.section)).toBe(true);
    expect(divisionByCode('39')?.zh).toBe('计算机、通信和其他电子设备制造业');
  });

  it('has ISO 3166-1 countries in zh and en', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(countryByCode('de')).toMatchObject({ code: 'DE', alpha3: 'DEU', en: 'Germany', zh: '德国' });
  });

  it('has the 45 Nice classes and the 96 HS chapters', () => {
    expect(NICE_CLASSES.map((c) => c.id)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(HS_CHAPTERS).toHaveLength(96);
    expect(hsChapter('77')).toBeUndefined();
    expect(hsChapter('850440')?.en).toMatch(/^Electrical machinery/);
  });

  it('has products whose divisions, HS chapters, Nice classes and components all exist', () => {
    expect(new Set(PRODUCTS.map((p) => p.key)).size).toBe(PRODUCTS.length);
    for (const product of PRODUCTS) {
      expect(divisionByCode(product.division), product.key).toBeDefined();
      if (product.hs) expect(hsChapter(product.hs), product.key).toBeDefined();
      expect(product.nice).toBeGreaterThanOrEqual(1);
      expect(product.nice).toBeLessThanOrEqual(45);
      for (const component of product.components) expect(productByKey(component), component).toBeDefined();
      expect(product.priceUsd[0]).toBeLessThanOrEqual(product.priceUsd[1]);
    }
  });

  it('has profiles whose stems name products of their own division, and weights over all 31 provinces', () => {
    for (const profile of PROFILES) {
      expect(divisionByCode(profile.division)).toBeDefined();
      for (const code of profile.downstream) expect(divisionByCode(code)).toBeDefined();
      for (const stem of profile.stems) {
        for (const key of stem.products) expect(productByKey(key)?.division, key).toBe(profile.division);
      }
      const weights = provinceWeights(profile.cluster);
      expect(weights.size).toBe(31);
      expect([...weights.values()].every((w) => w > 0)).toBe(true);
      expect([...weights.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    }
    // Electronics is led by Guangdong, textiles by Zhejiang, steel by Hebei, software by Beijing.
    const top = (cluster: Parameters<typeof provinceWeights>[0]) =>
      [...provinceWeights(cluster)].sort((a, b) => b[1] - a[1])[0]![0];
    expect(top('electronics')).toBe('440000');
    expect(top('textiles')).toBe('330000');
    expect(top('steel')).toBe('130000');
    expect(top('software')).toBe('110000');
  });
});
