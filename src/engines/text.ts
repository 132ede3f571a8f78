// Language and text helpers every engine shares: picking the output language, normalising what a
// caller typed, pinyin, edit-distance similarity and the money/number formats of both languages.
import { distance } from 'fastest-levenshtein';
import { pinyin } from 'pinyin-pro';
import type { Lang } from '../catalog/index.ts';

/** The zh or en form of one string; every human-readable output goes through this. */
export function pick(lang: Lang, zh: string, en: string): string {
  return lang === 'en' ? en : zh;
}

const HAN = /\p{Script=Han}/u;

export function hasHan(value: string): boolean {
  return HAN.test(value);
}

/** Trims, folds full-width ASCII to half-width and collapses whitespace: how names are compared. */
export function normalize(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
}

/** Lower-case Latin letters and digits only: the comparable form of a Latin brand or mark. */
export function latinKey(value: string): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Toneless pinyin, no spaces, lower case; Latin parts kept as their latin key ("华为Tech" -> "huaweitech"). */
export function toLatin(value: string): string {
  if (!hasHan(value)) return latinKey(value);
  const syllables = pinyin(normalize(value), { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return latinKey(syllables.join(''));
}

/** Pinyin syllables of a Chinese string, toneless ("鑫达" -> ["xin", "da"]). */
export function syllables(value: string): string[] {
  return pinyin(value, { toneType: 'none', type: 'array' }).map(latinKey).filter(Boolean);
}

/** 1 for identical strings, 0 for nothing in common, by Levenshtein distance over the longer length. */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - distance(a, b) / longer;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A share in [0, 1], rounded to 4 places, 0 when the whole is empty. */
export function share(part: number, whole: number): number {
  return whole > 0 ? clamp(round(part / whole, 4), 0, 1) : 0;
}

/** "1.2亿元" / "CNY 120.0 million": registered capital and other CNY amounts in prose. */
export function formatCny(lang: Lang, amount: number): string {
  if (lang === 'en') {
    if (amount >= 1e9) return `CNY ${round(amount / 1e9, 1)} billion`;
    if (amount >= 1e6) return `CNY ${round(amount / 1e6, 1)} million`;
    return `CNY ${Math.round(amount).toLocaleString('en-US')}`;
  }
  if (amount >= 1e8) return `${round(amount / 1e8, 2)}亿元`;
  if (amount >= 1e4) return `${round(amount / 1e4, 1)}万元`;
  return `${Math.round(amount)}元`;
}

/** "US$1.2M" / "120万美元": trade values in prose. */
export function formatUsd(lang: Lang, amount: number): string {
  if (lang === 'en') {
    if (amount >= 1e9) return `US$${round(amount / 1e9, 1)}B`;
    if (amount >= 1e6) return `US$${round(amount / 1e6, 1)}M`;
    if (amount >= 1e3) return `US$${round(amount / 1e3, 1)}K`;
    return `US$${Math.round(amount)}`;
  }
  if (amount >= 1e8) return `${round(amount / 1e8, 2)}亿美元`;
  if (amount >= 1e4) return `${round(amount / 1e4, 1)}万美元`;
  return `${Math.round(amount)}美元`;
}

export function formatPercent(value: number): string {
  return `${round(value * 100, 1)}%`;
}

/** Joins a list the way each language does: "甲、乙和丙" / "a, b and c". */
export function joinList(lang: Lang, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  const head = items.slice(0, -1).join(lang === 'en' ? ', ' : '、');
  return `${head}${lang === 'en' ? ' and ' : '和'}${items.at(-1)}`;
}

function grams(value: string): Set<string> {
  const set = new Set<string>();
  for (const ch of value) set.add(ch);
  const chars = [...value];
  for (let i = 0; i + 1 < chars.length; i++) set.add(chars[i]! + chars[i + 1]!);
  return set;
}

/** Dice coefficient over characters and character pairs: robust for short Chinese names. */
export function diceSimilarity(a: string, b: string): number {
  const x = grams(a);
  const y = grams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let common = 0;
  for (const g of x) if (y.has(g)) common++;
  return (2 * common) / (x.size + y.size);
}
