// File names built from user-supplied subjects stay safe on every system.
import { describe, expect, it } from 'vitest';
import { fileStem } from './common.ts';

describe('fileStem', () => {
  const at = new Date('2026-11-21T08:30:00Z');
  it('keeps Chinese, joins words with dashes and ends with the date', () => {
    expect(fileStem('行业分析报告', ['汽车制造业', '浙江省'], at)).toBe(
      '行业分析报告_汽车制造业_浙江省_2026-11-21',
    );
    expect(fileStem('new-product-intelligence', ['Portable power station'], at)).toBe(
      'new-product-intelligence_Portable-power-station_2026-11-21',
    );
  });
  it('drops path separators, reserved characters and control characters, and empty parts', () => {
    const stem = fileStem('x', ['../a/b\\c:*?"<>|\u0000\u001fd', ''], at);
    expect(stem).toBe('x_..-a-b-c-d_2026-11-21');
    expect(stem).not.toMatch(/[/:*?"<>|]/);
    expect([...stem].every((char) => char.charCodeAt(0) >= 0x20)).toBe(true);
  });
  it('caps the length and keeps the date', () => {
    const long = fileStem('x', ['长'.repeat(500)], at);
    expect(long.length).toBeLessThanOrEqual(111);
    expect(long.endsWith('_2026-11-21')).toBe(true);
  });
});
