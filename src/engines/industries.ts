// Industries for the engines: the industry object results carry, resolving what a caller typed
// ("电子", "hardware", "33", a product) through the data store's lookup, and which divisions buy
// from which (the industry profiles' downstream links, from the NBS input-output tables).
import type { Lang } from '../catalog/index.ts';
import {
  divisionByCode,
  type IndustryDivision,
  resolveIndustry as lookupIndustry,
  PROFILES,
  profileOf,
} from '../data/index.ts';
import { pick } from './text.ts';

export interface IndustryRef {
  readonly code: string;
  readonly name: string;
}

export function industryRef(lang: Lang, code: string): IndustryRef {
  const division = divisionByCode(code);
  return { code, name: division ? pick(lang, division.zh, division.en) : code };
}

export function industryName(lang: Lang, code: string): string {
  return industryRef(lang, code).name;
}

export type IndustryLookup =
  | { readonly kind: 'found'; readonly division: IndustryDivision }
  | { readonly kind: 'unknown'; readonly msg: string; readonly suggestions: string[] };

export function resolveIndustry(lang: Lang, query: string): IndustryLookup {
  const resolved = lookupIndustry(query, lang);
  if (resolved.found) return { kind: 'found', division: resolved.value };
  const { suggestions } = resolved;
  return {
    kind: 'unknown',
    msg: pick(
      lang,
      `未识别行业"${query}"${suggestions.length ? `，可尝试：${suggestions.join('、')}` : ''}`,
      `Unknown industry "${query}"${suggestions.length ? `; try: ${suggestions.join(', ')}` : ''}`,
    ),
    suggestions,
  };
}

/** Divisions that buy from `code`, strongest link first; wholesale where no profile says. */
export function downstreamOf(code: string): string[] {
  return [...(profileOf(code)?.downstream ?? ['51'])];
}

/** Divisions that `code` buys from: the inverse of the downstream links. */
export function upstreamOf(code: string): string[] {
  return PROFILES.filter((p) => p.division !== code && p.downstream.includes(code))
    .sort((a, b) => a.downstream.indexOf(code) - b.downstream.indexOf(code))
    .map((p) => p.division);
}
