import { describe, expect, it } from 'vitest';
import { checkUscc, isValidUscc, makeUscc, orgCodeCheckChar, usccCheckChar } from './uscc.ts';

describe('USCC (GB 32100-2015)', () => {
  it('accepts published codes and computes their check character', () => {
    // Published on their business licences: Alibaba (China) Co., Ltd. and Tencent's Shenzhen entity.
    expect(isValidUscc('91330100716105852F')).toBe(true);
    expect(isValidUscc('9144030071526726XG')).toBe(true);
    expect(usccCheckChar('91330100716105852')).toBe('F');
  });

  it('rejects a wrong check character, a wrong length and forbidden letters, saying why', () => {
    expect(checkUscc('91330100716105852A')).toEqual({
      ok: false,
      reason: 'check character should be F, not A',
    });
    expect(checkUscc('9133010071610585')).toMatchObject({ ok: false, reason: expect.stringContaining('18') });
    expect(checkUscc('91330100716105852I').ok).toBe(false);
  });

  it('forgives case and surrounding spaces', () => {
    expect(checkUscc(' 9144030071526726xg ')).toEqual({ ok: true, uscc: '9144030071526726XG' });
  });

  it('computes GB 11714 organization code check characters', () => {
    // 71610585-2 is the organization code inside Alibaba's USCC above.
    expect(orgCodeCheckChar('71610585')).toBe('2');
    expect(orgCodeCheckChar('71526726')).toBe('X');
  });

  it('makes valid, distinct codes', () => {
    const codes = new Set<string>();
    for (let serial = 0; serial < 5000; serial++) {
      const code = makeUscc('330200', serial * 7919);
      expect(isValidUscc(code)).toBe(true);
      codes.add(code);
    }
    expect(codes.size).toBe(5000);
  });
});
