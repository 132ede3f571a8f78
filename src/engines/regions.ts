// Provinces for the engines: the province object results carry, named in the output language,
// and resolving what a caller typed through the data store's lookup (src/data/lookup.ts).
import type { Lang } from '../catalog/index.ts';
import {
  resolveProvince as lookupProvince,
  PROVINCES,
  type Province,
  provinceByCode,
} from '../data/index.ts';
import { pick } from './text.ts';

export interface ProvinceRef {
  readonly code: string;
  readonly name: string;
}

export function provinceRef(lang: Lang, code: string): ProvinceRef {
  const province = provinceByCode(code);
  return { code, name: province ? pick(lang, province.zh, province.en) : code };
}

export function provinceName(lang: Lang, code: string): string {
  return provinceRef(lang, code).name;
}

export type ProvinceLookup =
  | { readonly kind: 'found'; readonly province: Province }
  | { readonly kind: 'unknown'; readonly msg: string; readonly suggestions: string[] };

export function resolveProvince(lang: Lang, query: string): ProvinceLookup {
  const resolved = lookupProvince(query, lang);
  if (resolved.found) return { kind: 'found', province: resolved.value };
  const { suggestions } = resolved;
  return {
    kind: 'unknown',
    msg: pick(
      lang,
      `未识别省份"${query}"${suggestions.length ? `，是否指：${suggestions.join('、')}` : ''}`,
      `Unknown province "${query}"${suggestions.length ? `; did you mean: ${suggestions.join(', ')}` : ''}`,
    ),
    suggestions,
  };
}

/**
 * The optional `province` of a payload: its GB/T 2260 code, null when absent, or the rejection
 * (field `province`, with suggestions) every engine gives for an unknown one.
 */
export function optionalProvince(
  lang: Lang,
  query: string | undefined,
):
  | { kind: 'ok'; code: string | null }
  | { kind: 'rejected'; msg: string; field: 'province'; suggestions: readonly string[] } {
  if (query === undefined) return { kind: 'ok', code: null };
  const resolved = resolveProvince(lang, query);
  if (resolved.kind === 'unknown') {
    return { kind: 'rejected', msg: resolved.msg, field: 'province', suggestions: resolved.suggestions };
  }
  return { kind: 'ok', code: resolved.province.code };
}

/** The 31 provincial-level divisions, in GB/T 2260 order. */
export const ALL_PROVINCE_CODES: readonly string[] = PROVINCES.map((p) => p.code);
