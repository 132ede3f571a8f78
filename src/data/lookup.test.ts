import { describe, expect, it } from 'vitest';
import { latinForm, matchProducts, resolveIndustry, resolveProvince, suggestProducts } from './lookup.ts';

describe('lookups', () => {
  it('resolves provinces by code, zh (full or short) and en names', () => {
    for (const text of ['330000', '浙江', '浙江省', 'zhejiang', 'Zhejiang Province']) {
      expect(resolveProvince(text)).toMatchObject({ found: true, value: { code: '330000' } });
    }
    expect(resolveProvince('Xizang')).toMatchObject({ found: true, value: { code: '540000' } });
    expect(resolveProvince('guangdng', 'en')).toMatchObject({
      found: false,
      suggestions: ['Guangdong', expect.any(String), expect.any(String)],
    });
  });

  it('resolves industries by official name, alias, product and containment, with suggestions otherwise', () => {
    expect(resolveIndustry('计算机、通信和其他电子设备制造业')).toMatchObject({
      found: true,
      value: { code: '39' },
    });
    expect(resolveIndustry('电子')).toMatchObject({ found: true, value: { code: '39' } });
    expect(resolveIndustry('五金行业')).toMatchObject({ found: true, value: { code: '33' } });
    expect(resolveIndustry('Electronics')).toMatchObject({ found: true, value: { code: '39' } });
    expect(resolveIndustry('锂电池')).toMatchObject({ found: true, value: { code: '38' } });
    expect(resolveIndustry('furnitur')).toMatchObject({ found: true, value: { code: '21' } });
    const miss = resolveIndustry('textil manufactring', 'en');
    expect(miss.found).toBe(false);
    if (!miss.found) expect(miss.suggestions).toContain('Manufacture of textiles');
  });

  it('matches products in zh and en through synonyms both ways', () => {
    expect(matchProducts('lithium battery')[0]?.product.key).toBe('lithium_batteries');
    expect(matchProducts('储能电池')[0]?.product.key).toBe('lithium_batteries');
    expect(matchProducts('bluetooth headphones').map((m) => m.product.key)).toEqual(['earphones']);
    expect(matchProducts('不锈钢锅')[0]?.product.key).toBe('cookware');
    expect(matchProducts('xyzzy')).toEqual([]);
    expect(suggestProducts('lithum batery', 'en')[0]).toBe('lithium-ion batteries');
  });

  it('gives names a comparable Latin form', () => {
    expect(latinForm('鑫达')).toBe('xinda');
    expect(latinForm('Xin-Da')).toBe('xinda');
    expect(latinForm('绿源')).toBe('lvyuan');
  });
});
