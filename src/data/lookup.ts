// Understanding what a caller typed: a province, an industry or a product, in Chinese or English,
// resolved to reference codes, with the closest known names when nothing matches (the engines put
// those in their engine_rejected_input suggestions). Also the comparable Latin form of a name.
import { distance } from 'fastest-levenshtein';
import { pinyin } from 'pinyin-pro';
import { INDUSTRY_DIVISIONS, type IndustryDivision } from './reference/industries.ts';
import { PRODUCTS, type Product } from './reference/products.ts';
import { PROFILES } from './reference/profiles.ts';
import { PROVINCES, type Province } from './reference/provinces.ts';

/** Lower case, no spaces or punctuation: the form names are compared in. */
export function squash(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/**
 * A mark's or name's comparable Latin form: Chinese characters become toneless pinyin, everything
 * else is lower-cased; spaces and punctuation go. "鑫达" -> "xinda", "Xin-Da" -> "xinda".
 */
export function latinForm(text: string): string {
  const hasHan = /\p{Script=Han}/u.test(text);
  const latin = hasHan
    ? pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('')
    : text;
  return squash(latin.replace(/ü/g, 'v'));
}

/** Similarity of two strings in [0, 1] by edit distance over the longer length. */
export function editSimilarity(a: string, b: string): number {
  if (!a && !b) return 1;
  return 1 - distance(a, b) / Math.max(a.length, b.length);
}

/** The display names whose forms (zh, en, ...) are nearest the query, best first. */
function closest(
  query: string,
  candidates: readonly { name: string; forms: readonly string[] }[],
  limit = 5,
): string[] {
  const q = squash(query);
  const scored = candidates.map(({ name, forms }) => {
    let score = 0;
    for (const form of forms) {
      const n = squash(form);
      const contains = n.includes(q) || q.includes(n) ? 0.3 : 0;
      score = Math.max(score, editSimilarity(q, n) + contains + bigramOverlap(q, n));
    }
    return { name, score };
  });
  const names = scored.sort((a, b) => b.score - a.score).map((entry) => entry.name);
  return [...new Set(names)].slice(0, limit);
}

function bigramOverlap(a: string, b: string): number {
  const grams = (s: string) =>
    new Set(Array.from({ length: Math.max(s.length - 1, 1) }, (_, i) => s.slice(i, i + 2)));
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / Math.max(ga.size, gb.size);
}

export type Resolved<T> = { found: true; value: T } | { found: false; suggestions: string[] };

// ---------- provinces ----------

const provinceKeys = new Map<string, Province>();
for (const province of PROVINCES) {
  for (const key of [province.code, province.code.slice(0, 2), province.zh, province.short, province.en]) {
    provinceKeys.set(squash(key), province);
  }
  provinceKeys.set(squash(`${province.en} province`), province);
}
provinceKeys.set('xizang', PROVINCES.find((p) => p.code === '540000')!);

/** A province by GB/T 2260 code, zh name (full or short) or en name, any case. */
export function resolveProvince(text: string, lang: 'zh' | 'en' = 'zh'): Resolved<Province> {
  const hit = provinceKeys.get(squash(text));
  if (hit) return { found: true, value: hit };
  const candidates = PROVINCES.map((province) => ({
    name: lang === 'en' ? province.en : province.zh,
    forms: [province.zh, province.en],
  }));
  return { found: false, suggestions: closest(text, candidates, 3) };
}

// ---------- industries ----------

const industryKeys = new Map<string, IndustryDivision>();
const divisionByCode = new Map(INDUSTRY_DIVISIONS.map((division) => [division.code, division]));
for (const division of INDUSTRY_DIVISIONS) {
  for (const key of [division.code, division.zh, division.en]) industryKeys.set(squash(key), division);
}
for (const profile of PROFILES) {
  const division = divisionByCode.get(profile.division)!;
  for (const alias of profile.aliases) industryKeys.set(squash(alias), division);
  for (const stem of profile.stems) {
    if (!industryKeys.has(squash(stem.zh))) industryKeys.set(squash(stem.zh), division);
  }
}
for (const product of PRODUCTS) {
  const division = divisionByCode.get(product.division)!;
  for (const name of [product.zh, product.en]) {
    if (!industryKeys.has(squash(name))) industryKeys.set(squash(name), division);
  }
}

/**
 * An industry (GB/T 4754-2017 division) by code, official zh or en name, a common alias ("五金",
 * "electronics") or a product it makes ("锂电池"). Falls back to the single best containment
 * match ("电子设备制造" finds division 39); else suggestions.
 */
export function resolveIndustry(text: string, lang: 'zh' | 'en' = 'zh'): Resolved<IndustryDivision> {
  const q = squash(text.replace(/(行业|产业|industry|sector)$/i, ''));
  if (!q) return { found: false, suggestions: [] };
  const exact = industryKeys.get(q) ?? industryKeys.get(squash(text));
  if (exact) return { found: true, value: exact };
  // The longest known name inside the query, or the query inside exactly one known name. Latin
  // keys must be whole words of the query ("it" is not inside "furniture").
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  let best: { key: string; division: IndustryDivision } | undefined;
  for (const [key, division] of industryKeys) {
    const inside = /\p{Script=Han}/u.test(key) ? key.length >= 2 && q.includes(key) : words.has(key);
    if (inside && (!best || key.length > best.key.length)) best = { key, division };
  }
  if (best) return { found: true, value: best.division };
  const containing = new Set(
    [...industryKeys].filter(([key]) => key.includes(q) && q.length >= 2).map(([, d]) => d),
  );
  if (containing.size === 1) return { found: true, value: [...containing][0]! };
  const candidates = PROFILES.map((profile) => {
    const division = divisionByCode.get(profile.division)!;
    return {
      name: lang === 'en' ? division.en : division.zh,
      forms: [division.zh, division.en, ...profile.aliases],
    };
  });
  return { found: false, suggestions: closest(text, candidates, 5) };
}

// ---------- products ----------

export interface ProductMatch {
  readonly product: Product;
  /** The names and synonyms of the product that the query matched. */
  readonly terms: readonly string[];
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .map(singular);
}

function termsOf(product: Product): string[] {
  return [product.zh, product.en, ...product.synonymsZh, ...product.synonymsEn];
}

/** How well one product term matches the query: Chinese by substring, Latin by whole words. */
function termScore(term: string, q: string, queryWords: ReadonlySet<string>): number {
  const t = squash(term);
  if (!t) return 0;
  if (t === q) return 10;
  if (/\p{Script=Han}/u.test(term)) {
    if (t.length >= 2 && q.includes(t)) return 3 + t.length / 10;
    if (q.length >= 2 && t.includes(q)) return 2;
    return 0;
  }
  const termWords = wordsOf(term);
  if (termWords.length === 0) return 0;
  if (termWords.every((word) => queryWords.has(word))) return 3 + termWords.length / 10;
  if (queryWords.size > 0 && [...queryWords].every((word) => termWords.includes(word))) return 2;
  return 0;
}

/**
 * Products a description names, in Chinese or English, through names and synonyms both ways
 * ("lithium battery", "锂电池", "储能电池" all find lithium_batteries). Best match first.
 */
export function matchProducts(text: string): ProductMatch[] {
  const q = squash(text);
  const queryWords = new Set(wordsOf(text));
  const matches: { product: Product; terms: string[]; score: number }[] = [];
  for (const product of PRODUCTS) {
    const terms: string[] = [];
    let score = 0;
    for (const term of termsOf(product)) {
      const points = termScore(term, q, queryWords);
      if (points > 0) {
        score += points;
        terms.push(term);
      }
    }
    if (score > 0) matches.push({ product, terms, score });
  }
  return matches.sort((a, b) => b.score - a.score).map(({ product, terms }) => ({ product, terms }));
}

/** Product names closest to an unmatched description, for a rejection's suggestions. */
export function suggestProducts(text: string, lang: 'zh' | 'en' = 'zh'): string[] {
  const candidates = PRODUCTS.map((product) => ({
    name: lang === 'en' ? product.en : product.zh,
    forms: termsOf(product),
  }));
  return closest(text, candidates, 5);
}
