// build.naming: new names for a company. Chinese candidates keep the legal name's region,
// industry words and form and change the 字号; English names come from its pinyin and from the
// meaning of the new characters. Every candidate is checked against companies registered in the
// same province and industry and against trademarks (China for Chinese names, all markets for
// English ones); a name with an identical or same-sounding conflict is not available.
import type { ResultOf } from '../catalog/index.ts';
import { profileOf } from '../data/index.ts';
import { companyRef, findCompany } from './companies.ts';
import { industryName } from './industries.ts';
import { NAME_CHARS, type NameChar } from './naming-vocab.ts';
import { editSimilarity, pick, toLatin } from './text.ts';
import { type Engine, ok, reject } from './types.ts';

type Result = ResultOf<'build.naming'>;
type Conflict = Result['zh_candidates'][number]['conflicts'][number];

const ZH_CANDIDATES = 8;
const EN_CANDIDATES = 6;
const LIVE = ['registered', 'pending', 'opposed'];

/** The legal name around the 字号: "宁波" + 字号 + "五金制品" + "有限公司". */
export function splitName(name: string, brand: string): { prefix: string; trade: string; form: string } {
  const at = name.indexOf(brand);
  const rest = at >= 0 ? name.slice(at + brand.length) : name;
  const form = /(股份有限公司|有限责任公司|有限公司|集团|合伙企业)$/.exec(rest)?.[1] ?? '';
  return { prefix: at >= 0 ? name.slice(0, at) : '', trade: rest.slice(0, rest.length - form.length), form };
}

/** Deterministic pairs of meaningful characters, varied per company, none reusing its old 字号. */
export function brandPairs(seed: number, oldBrand: string, count: number): [NameChar, NameChar][] {
  const pool = NAME_CHARS.filter((n) => !oldBrand.includes(n.ch));
  const pairs: [NameChar, NameChar][] = [];
  const step = 7; // co-prime with the pool size keeps the walk from repeating early
  for (let i = 0; pairs.length < count && i < pool.length * pool.length; i++) {
    const a = pool[(seed + i * step) % pool.length]!;
    const b = pool[(seed * 3 + i * 11 + 1) % pool.length]!;
    if (a === b || pairs.some(([x, y]) => x === a && y === b)) continue;
    pairs.push([a, b]);
  }
  return pairs;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const naming: Engine<'build.naming'> = async (payload, { db, lang, dataset }) => {
  const found = await findCompany(db, dataset, lang, payload.company);
  if (found.kind === 'unknown')
    return reject(found.msg, { field: 'company', suggestions: found.suggestions });
  const company = found.company;
  const { prefix, trade, form } = splitName(company.name, company.brand);
  // Over-generate, then keep available names first.
  const pairs = brandPairs(Number(company.id), company.brand, ZH_CANDIDATES * 2);
  const zh = pairs.map(([a, b]) => ({
    brand: a.ch + b.ch,
    latin: toLatin(a.ch + b.ch),
    chars: [a, b] as const,
  }));
  const stem = profileOf(company.industry_code)?.stems.find((s) => trade.includes(s.zh));
  const tradeEn = stem?.en ?? industryName('en', company.industry_code).replace(/^Manufacture of /, '');
  const oldLatin = capital(company.brand_latin);
  const en: { name: string; mark: string; method: 'pinyin' | 'meaning'; rationale: string }[] = [
    {
      name: `${oldLatin} ${tradeEn} Co., Ltd.`,
      mark: company.brand_latin,
      method: 'pinyin',
      rationale: pick(
        lang,
        `沿用现有字号"${company.brand}"的拼音，保留品牌认知`,
        `Pinyin of the current trade name "${company.brand}", keeping its recognition`,
      ),
    },
    ...zh.slice(0, 2).map((z) => ({
      name: `${capital(z.latin)} ${tradeEn} Co., Ltd.`,
      mark: z.latin,
      method: 'pinyin' as const,
      rationale: pick(
        lang,
        `新字号"${z.brand}"的拼音，中英文名称一致`,
        `Pinyin of the new trade name "${z.brand}", so the Chinese and English names match`,
      ),
    })),
    ...zh.slice(0, EN_CANDIDATES).map((z) => {
      const coined = capital(z.chars[0].root + z.chars[1].root);
      return {
        name: `${coined} ${tradeEn}`,
        mark: coined.toLowerCase(),
        method: 'meaning' as const,
        rationale: pick(
          lang,
          `取"${z.chars[0].ch}"（${z.chars[0].zh}）与"${z.chars[1].ch}"（${z.chars[1].zh}）之意，拼合为英文新词，便于海外注册和传播`,
          `From the meanings of ${z.chars[0].ch} (${z.chars[0].en}) and ${z.chars[1].ch} (${z.chars[1].en}), coined into one English word that is easy to register and say abroad`,
        ),
      };
    }),
  ];
  const zhConflicts = await conflictsFor(
    db,
    dataset,
    company,
    zh.map((z) => ({ text: z.brand, latin: z.latin })),
    ['cn'],
  );
  const enConflicts = await conflictsFor(
    db,
    dataset,
    company,
    en.map((e) => ({ text: e.mark, latin: e.mark })),
    null,
  );
  const zhCandidates: Result['zh_candidates'] = zh
    .map((z, i) => {
      const conflicts = zhConflicts[i]!;
      const [a, b] = z.chars;
      return {
        name: `${prefix}${z.brand}${trade}${form}`,
        rationale: pick(
          lang,
          `"${a.ch}"寓意${a.zh}，"${b.ch}"寓意${b.zh}；保留地域"${prefix || '无'}"和行业表述"${trade}"`,
          `${a.ch} stands for ${a.en} and ${b.ch} for ${b.en}; keeps the region "${prefix}" and the industry words "${trade}"`,
        ),
        available: !conflicts.some((c) => c.similarity >= 0.95),
        conflicts,
      };
    })
    .sort((x, y) => Number(y.available) - Number(x.available))
    .slice(0, ZH_CANDIDATES);
  const enCandidates: Result['en_candidates'] = en
    .map((e, i) => {
      const conflicts = enConflicts[i]!.filter((c) => c.with !== company.name);
      return {
        name: e.name,
        method: e.method,
        rationale: e.rationale,
        available: !conflicts.some((c) => c.similarity >= 0.95),
        conflicts,
      };
    })
    .slice(0, EN_CANDIDATES + 3);
  return ok({
    data_source: dataset,
    company: companyRef(lang, company),
    zh_candidates: zhCandidates,
    en_candidates: enCandidates,
  } satisfies Result);
};

/**
 * Per candidate: companies of the same province and industry whose 字号 is the same or reads the
 * same, and live trademarks that are the same, read the same or sound alike (sound key). Only
 * indexed equality lookups, so the check stays fast however many names are registered.
 */
async function conflictsFor(
  db: Parameters<Engine<'build.naming'>>[1]['db'],
  dataset: string,
  company: { id: number; province_code: string; industry_code: string },
  names: readonly { text: string; latin: string }[],
  jurisdictions: readonly string[] | null,
): Promise<Conflict[][]> {
  const texts = names.map((n) => n.text);
  const latins = names.map((n) => n.latin);
  const [firms, marks] = await Promise.all([
    db.query<{ name: string; brand: string; brand_latin: string }>(
      `SELECT name, brand, brand_latin FROM companies
       WHERE dataset = $1 AND (brand = ANY($2::text[]) OR brand_latin = ANY($3::text[]))
         AND province_code = $4 AND industry_code = $5 AND id <> $6`,
      [dataset, texts, latins, company.province_code, company.industry_code, company.id],
    ),
    // Same mark or same Latin form (any candidate), plus same sound key with a close spelling:
    // same first letter, length within two. Sound keys alone collide by the thousand at scale.
    db.query<{ x: string; mark: string; mark_latin: string; owner_name: string; sound: boolean }>(
      `SELECT k.x, t.mark, t.mark_latin, t.owner_name, true AS sound
       FROM (SELECT x, bizfn_sound_key(x) AS key FROM unnest($3::text[]) x) k
       CROSS JOIN LATERAL (
         SELECT mark, mark_latin, owner_name FROM trademarks y
         WHERE y.dataset = $1 AND y.mark_sound = k.key AND length(k.key) >= 3
           AND y.status = ANY($5::text[]) AND ($4::text[] IS NULL OR y.jurisdiction = ANY($4::text[]))
           AND left(y.mark_latin, 1) = left(k.x, 1) AND abs(length(y.mark_latin) - length(k.x)) <= 2
         LIMIT 50) t
       UNION ALL
       SELECT NULL, t.mark, t.mark_latin, t.owner_name, false FROM trademarks t
       WHERE t.dataset = $1 AND (t.mark = ANY($2::text[]) OR t.mark_latin = ANY($3::text[]))
         AND t.status = ANY($5::text[]) AND ($4::text[] IS NULL OR t.jurisdiction = ANY($4::text[]))`,
      [dataset, texts, latins, jurisdictions, LIVE],
    ),
  ]);
  return names.map((n) => {
    const out = new Map<string, Conflict>();
    const add = (c: Conflict) => {
      const key = `${c.kind}|${c.with}`;
      if ((out.get(key)?.similarity ?? -1) < c.similarity) out.set(key, c);
    };
    for (const f of firms.rows) {
      if (f.brand === n.text) add({ with: f.name, kind: 'company_name', similarity: 1 });
      else if (f.brand_latin === n.latin) add({ with: f.name, kind: 'company_name', similarity: 0.95 });
    }
    for (const m of marks.rows) {
      const label = `${m.mark} (${m.owner_name})`;
      if (m.mark === n.text || m.mark.toLowerCase() === n.text.toLowerCase()) {
        add({ with: label, kind: 'trademark', similarity: 1 });
      } else if (m.mark_latin === n.latin) {
        add({ with: label, kind: 'trademark', similarity: 0.95 });
      } else if (m.sound && m.x === n.latin && editSimilarity(m.mark_latin, n.latin) >= 0.6) {
        // Pinyin keys collide easily (vowels carry much of Chinese sound), so a shared sound
        // key counts only when the spellings are also close.
        add({ with: label, kind: 'trademark', similarity: 0.8 });
      }
    }
    return [...out.values()].sort((a, b) => b.similarity - a.similarity);
  });
}
