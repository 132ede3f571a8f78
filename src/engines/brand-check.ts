// verify.brand_check: a brand against the trademarks of each target market (the ids of
// brand_check.MARKETS, which are also the trademarks' jurisdictions). Candidates come from four
// indexed lookups (same mark, same Latin form, same sound key, trigram neighbours); each is then
// classified exact / phonetic / similar, and each market gets a risk level and advice.
import { MARKETS, type Market, type ResultOf } from '../catalog/index.ts';
import {
  type BrandForms,
  classifyMatch,
  marketAdvice,
  marketRisk,
  maxLevel,
  overallAdvice,
} from './brand-match.ts';
import { normalize, pick, toLatin } from './text.ts';
import { type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'verify.brand_check'>;

/** Conflicts listed per market, strongest first; the risk level weighs them all. */
const MAX_CONFLICTS = 20;
/** Trigram neighbours considered per lookup, before classification. */
const NEIGHBOURS = 200;

const MATCH_ORDER = { exact: 0, phonetic: 1, similar: 2 } as const;
const STATUS_ORDER: Record<string, number> = {
  registered: 0,
  pending: 1,
  opposed: 2,
  expired: 3,
  invalidated: 4,
};

export const brandCheck: Engine<'verify.brand_check'> = async (payload, { db, lang, dataset }) => {
  const raw = normalize(payload.brand);
  const latin = toLatin(raw);
  if (latin.length === 0) {
    return reject(
      pick(
        lang,
        `品牌"${payload.brand}"中没有可比对的文字`,
        `Brand "${payload.brand}" has no letters or characters to compare`,
      ),
      { field: 'brand' },
    );
  }
  const markets: readonly Market[] = payload.markets?.length ? [...new Set(payload.markets)] : MARKETS;
  const { rows: keyRows } = await db.query<{ sound: string }>('SELECT bizfn_sound_key($1) AS sound', [latin]);
  const brand: BrandForms = { raw, latin, sound: keyRows[0]?.sound ?? '' };
  const { rows } = await db.query<{
    jurisdiction: Market;
    mark: string;
    mark_latin: string;
    mark_sound: string;
    nice_class: number;
    owner_name: string;
    status: string;
  }>(
    `SELECT DISTINCT ON (t.id) t.jurisdiction, t.mark, t.mark_latin, t.mark_sound, t.nice_class, t.owner_name, t.status
     FROM (
       SELECT * FROM trademarks WHERE dataset = $1 AND jurisdiction = ANY($5::text[]) AND mark = $2
       UNION ALL
       SELECT * FROM trademarks WHERE dataset = $1 AND jurisdiction = ANY($5::text[]) AND mark_latin = $3
       UNION ALL
       SELECT * FROM trademarks WHERE dataset = $1 AND jurisdiction = ANY($5::text[]) AND mark_sound = $4 AND length($4) >= 2
         AND left(mark_latin, 1) = left($3, 1) AND abs(length(mark_latin) - length($3)) <= 3
       UNION ALL
       (SELECT * FROM trademarks WHERE dataset = $1 AND jurisdiction = ANY($5::text[]) AND mark_latin % $3
        ORDER BY similarity(mark_latin, $3) DESC LIMIT ${NEIGHBOURS})
       UNION ALL
       (SELECT * FROM trademarks WHERE dataset = $1 AND jurisdiction = ANY($5::text[]) AND mark % $2
        ORDER BY similarity(mark, $2) DESC LIMIT ${NEIGHBOURS})
     ) t`,
    [dataset, raw, latin, brand.sound, markets],
  );
  const byMarket = new Map<Market, Result['markets'][number]['conflicts']>(markets.map((m) => [m, []]));
  for (const row of rows) {
    const match = classifyMatch(brand, { mark: row.mark, latin: row.mark_latin, sound: row.mark_sound });
    if (!match) continue;
    byMarket.get(row.jurisdiction)?.push({
      mark: row.mark,
      owner: row.owner_name,
      nice_class: Number(row.nice_class),
      match: match.match,
      similarity: match.similarity,
      status: row.status,
    });
  }
  const results: Result['markets'] = markets.map((market) => {
    const conflicts = (byMarket.get(market) ?? []).sort(
      (a, b) =>
        MATCH_ORDER[a.match] - MATCH_ORDER[b.match] ||
        b.similarity - a.similarity ||
        (STATUS_ORDER[a.status] ?? 9) - (STATUS_ORDER[b.status] ?? 9) ||
        a.nice_class - b.nice_class ||
        a.owner.localeCompare(b.owner),
    );
    const level = marketRisk(conflicts);
    return {
      market,
      risk_level: level,
      conflicts: conflicts.slice(0, MAX_CONFLICTS),
      advice: marketAdvice(lang, market, level, conflicts),
    };
  });
  return ok({
    data_source: dataset,
    brand: raw,
    overall_risk: maxLevel(results.map((m) => m.risk_level)),
    markets: results,
    advice: overallAdvice(lang, results),
  } satisfies Result);
};
