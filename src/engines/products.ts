// Products for the engines: from a free description in Chinese or English ("蓝牙耳机",
// "solar panels and inverters") to the product keys of the shared vocabulary. The data store's
// lookup finds every product whose names or synonyms match; we keep the specific ones, so that
// "电池" means batteries and not solar panels ("太阳能电池板" merely contains it).
import type { Lang } from '../catalog/index.ts';
import { matchProducts as lookupProducts, type Product, suggestProducts } from '../data/index.ts';
import { optionalProvince } from './regions.ts';
import { hasHan, latinKey, normalize, pick } from './text.ts';
import { type EngineOutcome, reject } from './types.ts';

export interface ProductMatch {
  readonly products: readonly Product[];
  /** The names that matched, then the zh and en names of the matched products. */
  readonly terms: readonly string[];
}

function fold(value: string): string {
  return hasHan(value) ? normalize(value).replace(/\s/g, '').toLowerCase() : latinKey(value);
}

/** How specific a matched term is for this query: exact names weigh most, then longer terms. */
function specificity(query: string, term: string): number {
  const q = fold(query);
  const t = fold(term);
  const size = (value: string) => (hasHan(value) ? [...value].length * 2 : value.length);
  if (q === t) return size(t) * 1.5;
  if (q.includes(t)) return size(t);
  // The term only contains the query: the query is what was specific, not the longer term.
  return t.includes(q) ? size(q) * 0.9 : size(t) * 0.5;
}

/** The products a description names, strongest first: at most three, all near the strongest. */
export function matchProducts(query: string): ProductMatch {
  const matches = lookupProducts(query).map((m) => ({
    product: m.product,
    terms: m.terms,
    strength: Math.max(0, ...m.terms.map((term) => specificity(query, term))),
  }));
  const top = Math.max(0, ...matches.map((m) => m.strength));
  const kept = matches.filter((m) => m.strength >= top * 0.75).slice(0, 3);
  const terms = new Set<string>();
  for (const m of kept) for (const term of m.terms) terms.add(term);
  for (const m of kept) {
    terms.add(m.product.zh);
    terms.add(m.product.en);
  }
  return { products: kept.map((m) => m.product), terms: [...terms] };
}

export function productName(lang: Lang, product: Product): string {
  return pick(lang, product.zh, product.en);
}

export function productSuggestions(lang: Lang, query: string): string[] {
  return suggestProducts(query, lang);
}

/** The rejection text for a description that names no known product. */
export function unknownProductMessage(lang: Lang, query: string, suggestions: readonly string[]): string {
  return pick(
    lang,
    `未识别产品"${query}"${suggestions.length ? `，可尝试：${suggestions.join('、')}` : ''}`,
    `No known product matches "${query}"${suggestions.length ? `; try: ${suggestions.join(', ')}` : ''}`,
  );
}

/**
 * The product search that discover.buyers and discover.suppliers share: the product must match
 * the vocabulary and the optional province must resolve; otherwise a rejection with suggestions.
 */
export function resolveProductQuery(
  lang: Lang,
  payload: { product: string; province?: string | undefined },
):
  | { kind: 'ok'; matched: ProductMatch; province: string | null }
  | Extract<EngineOutcome<never>, { kind: 'rejected' }> {
  const matched = matchProducts(payload.product);
  if (matched.products.length === 0) {
    const suggestions = productSuggestions(lang, payload.product);
    return reject(unknownProductMessage(lang, payload.product, suggestions), {
      field: 'product',
      suggestions,
    });
  }
  const province = optionalProvince(lang, payload.province);
  if (province.kind === 'rejected') return province;
  return { kind: 'ok', matched, province: province.code };
}
