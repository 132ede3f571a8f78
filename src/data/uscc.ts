// The unified social credit code (统一社会信用代码) of GB 32100-2015: 18 characters, the last a
// check character computed mod 31 over the first 17. Used wherever a USCC is accepted, and to
// generate valid codes for the demo dataset.

/** The 31 characters a USCC may use (no I, O, S, V, Z), in the order of their values 0-30. */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Position weights 3^i mod 31, from GB 32100-2015 table 3. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character for the first 17 characters, or null if one is outside the alphabet. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

export type UsccCheck = { ok: true; uscc: string } | { ok: false; reason: string };

/** Validates a USCC (case and surrounding spaces forgiven): shape, then the check character. */
export function checkUscc(input: string): UsccCheck {
  const uscc = input.trim().toUpperCase();
  if (uscc.length !== 18) return { ok: false, reason: `a USCC has 18 characters, this has ${uscc.length}` };
  if (!SHAPE.test(uscc))
    return { ok: false, reason: 'a USCC uses digits and the letters A-Y except I, O, S, V, Z' };
  const expected = usccCheckChar(uscc.slice(0, 17));
  if (expected !== uscc[17])
    return { ok: false, reason: `check character should be ${expected}, not ${uscc[17]}` };
  return { ok: true, uscc };
}

export function isValidUscc(input: string): boolean {
  return checkUscc(input).ok;
}

/** Looks like someone meant a USCC (18 characters of the right kinds), valid or not. */
export function looksLikeUscc(input: string): boolean {
  return /^[0-9A-Z]{18}$/i.test(input.trim());
}

const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 organization code check character for an 8-character body (characters 9-16 of a USCC). */
export function orgCodeCheckChar(body8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number.parseInt(body8[i]!, 36) * ORG_WEIGHTS[i]!;
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/**
 * Builds a valid USCC: registration authority "9" (market regulation) and entity type "1"
 * (enterprise), the GB/T 2260 code of the registering area, a GB 11714 organization code whose
 * eight-digit body is `serial` (mod 10^8), and the check character. An all-digit body keeps every
 * character, the organization check "X" included, inside the USCC alphabet.
 */
export function makeUscc(divisionCode: string, serial: number): string {
  const body = String(serial % 100_000_000).padStart(8, '0');
  const first17 = `91${divisionCode}${body}${orgCodeCheckChar(body)}`;
  return first17 + usccCheckChar(first17)!;
}
