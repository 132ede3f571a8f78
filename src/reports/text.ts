// Text measuring for layouts that cannot ask a font: terminal columns (CJK characters take two)
// and an estimate of printed width for chart labels, where being a little off only moves a margin.
import { eastAsianWidth } from 'get-east-asian-width';

function isWide(codePoint: number): boolean {
  return eastAsianWidth(codePoint) === 2;
}

/** Columns the text takes in a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Combining marks and zero-width joiners take no column of their own.
    if (code === 0x200d || (code >= 0x300 && code <= 0x36f) || (code >= 0xfe00 && code <= 0xfe0f)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

/** Pads to a column width, on the right (left-aligned) or on the left (right-aligned). */
export function pad(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'left' ? text + fill : fill + text;
}

/** Cuts text to at most `width` terminal columns, ending with "…" when cut. */
export function truncateColumns(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  for (const char of text) {
    if (displayWidth(`${out}${char}`) > width - 1) break;
    out += char;
  }
  return `${out}…`;
}

/** Approximate printed width at a font size (Noto Sans: CJK one em, Latin about 0.55 em). */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isWide(code)) em += 1;
    else if (char === ' ' || char === '.' || char === ',' || char === 'i' || char === 'l') em += 0.3;
    else if (/[A-Z MW]/.test(char)) em += 0.65;
    else em += 0.55;
  }
  return em * size;
}

/** Cuts text so its estimated width stays within maxWidth, ending with "…" when cut. */
export function fitText(text: string, maxWidth: number, size: number): string {
  if (textWidth(text, size) <= maxWidth) return text;
  let out = '';
  for (const char of text) {
    if (textWidth(`${out}${char}…`, size) > maxWidth) break;
    out += char;
  }
  return `${out}…`;
}

/** Wraps text to lines of at most `width` terminal columns, breaking at spaces or between CJK characters. */
export function wrapColumns(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const tokens =
      paragraph.match(
        /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\u3000-\u303f\uff00-\uffef]+|\s+/gu,
      ) ?? [];
    for (const token of tokens) {
      const candidate = line + token;
      if (displayWidth(candidate) <= width || line.trim() === '') {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = token.trim() === '' ? '' : token;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
