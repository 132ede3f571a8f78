// How close a registered mark is to a brand, and what that means per market: exact (same
// characters or spelling), phonetic (same pinyin, or the same sound-alike key) and similar (edit
// distance or shared characters). Pure functions; the queries live in brand-check.ts.
import type { Lang, Market } from '../catalog/index.ts';
import { niceClass } from '../data/index.ts';
import {
  diceSimilarity,
  editSimilarity,
  hasHan,
  joinList,
  latinKey,
  normalize,
  pick,
  round,
} from './text.ts';

export type MatchKind = 'exact' | 'phonetic' | 'similar';
export type Level = 'low' | 'medium' | 'high';

export interface BrandForms {
  /** As typed, normalised ("鑫达", "Xinda"). */
  readonly raw: string;
  /** Latin form: pinyin for Chinese ("xinda"). */
  readonly latin: string;
  /** bizfn_sound_key(latin), computed by the database. */
  readonly sound: string;
}

export interface MarkForms {
  readonly mark: string;
  readonly latin: string;
  readonly sound: string;
}

/** The strongest way a mark matches the brand, or null when it does not resemble it. */
export function classifyMatch(
  brand: BrandForms,
  mark: MarkForms,
): { match: MatchKind; similarity: number } | null {
  const brandHan = hasHan(brand.raw);
  const markHan = hasHan(mark.mark);
  const sameText =
    brandHan || markHan
      ? normalize(brand.raw) === normalize(mark.mark)
      : latinKey(brand.raw) === latinKey(mark.mark);
  if (sameText) return { match: 'exact', similarity: 1 };
  const edit = editSimilarity(brand.latin, mark.latin);
  // Same pinyin written with other characters, or a Chinese mark and its romanisation.
  if (brand.latin.length >= 2 && brand.latin === mark.latin) return { match: 'phonetic', similarity: 0.95 };
  const ratio =
    Math.min(brand.latin.length, mark.latin.length) / Math.max(brand.latin.length, mark.latin.length, 1);
  // Pinyin keys collide easily (vowels carry much of Chinese sound): for Chinese on either side
  // a shared key also needs close spellings.
  const closeEnough = brandHan || markHan ? edit >= 0.6 : ratio >= 0.5;
  if (brand.sound.length >= 2 && brand.sound === mark.sound && closeEnough) {
    return { match: 'phonetic', similarity: round(Math.max(0.8, edit), 3) };
  }
  const visual = brandHan && markHan ? diceSimilarity(normalize(brand.raw), normalize(mark.mark)) : 0;
  const similarity = Math.max(edit, visual);
  if (similarity >= 0.7 && Math.min(brand.latin.length, mark.latin.length) >= 3) {
    return { match: 'similar', similarity: round(similarity, 3) };
  }
  return null;
}

const LIVE = new Set(['registered', 'pending', 'opposed']);

export interface Conflict {
  readonly match: MatchKind;
  readonly similarity: number;
  readonly status: string;
  readonly nice_class: number;
}

/** A market's risk from its conflicts: live identical or same-sounding marks block a brand. */
export function marketRisk(conflicts: readonly Conflict[]): Level {
  const live = conflicts.filter((c) => LIVE.has(c.status));
  if (live.some((c) => c.match === 'exact' || (c.match === 'phonetic' && c.similarity >= 0.95)))
    return 'high';
  if (live.some((c) => c.match === 'phonetic') || live.filter((c) => c.similarity >= 0.8).length >= 2)
    return 'medium';
  if (live.length > 0) return 'low';
  return 'low';
}

export function maxLevel(levels: readonly Level[]): Level {
  if (levels.includes('high')) return 'high';
  if (levels.includes('medium')) return 'medium';
  return 'low';
}

export const MARKET_NAMES: Record<Market, { zh: string; en: string }> = {
  cn: { zh: '中国大陆', en: 'Mainland China' },
  us_uk: { zh: '美国和英国', en: 'United States and United Kingdom' },
  eu: { zh: '欧盟', en: 'European Union' },
  jp: { zh: '日本', en: 'Japan' },
  kr: { zh: '韩国', en: 'South Korea' },
  sea: { zh: '东南亚', en: 'Southeast Asia' },
  au_nz: { zh: '澳大利亚和新西兰', en: 'Australia and New Zealand' },
  ca: { zh: '加拿大', en: 'Canada' },
  latam: { zh: '拉丁美洲', en: 'Latin America' },
  mena: { zh: '中东和北非', en: 'Middle East and North Africa' },
};

function classList(lang: Lang, classes: readonly number[]): string {
  const names = [...new Set(classes)]
    .sort((a, b) => a - b)
    .slice(0, 4)
    .map((id) => {
      const nice = niceClass(id);
      return pick(lang, `第${id}类（${nice?.zh ?? ''}）`, `class ${id} (${nice?.en ?? ''})`);
    });
  return joinList(lang, names);
}

/** What to do in one market, naming the classes where the conflicts are. */
export function marketAdvice(
  lang: Lang,
  market: Market,
  level: Level,
  conflicts: readonly Conflict[],
): string {
  const where = pick(lang, MARKET_NAMES[market].zh, MARKET_NAMES[market].en);
  const live = conflicts.filter((c) => LIVE.has(c.status));
  const strong = live.filter((c) => c.match !== 'similar');
  if (level === 'high') {
    const classes = classList(
      lang,
      strong.map((c) => c.nice_class),
    );
    return pick(
      lang,
      `${where}已有相同或读音相同的有效商标，集中在${classes}。在这些类别直接使用风险高：建议更换品牌，或先评估异议、撤三或购买的可行性。`,
      `${where} already has identical or same-sounding live marks in ${classes}. Using the brand there is high risk: rebrand, or first assess opposition, non-use cancellation or buying the mark.`,
    );
  }
  if (level === 'medium') {
    const classes = classList(
      lang,
      (strong.length ? strong : live).map((c) => c.nice_class),
    );
    return pick(
      lang,
      `${where}存在读音或字形近似的有效商标（${classes}）。申请前请做近似检索，并以显著的图形或组合商标拉开差异。`,
      `${where} has live marks that sound or look alike (${classes}). Run a clearance search before filing and file a distinctive logo or composite mark to set the brand apart.`,
    );
  }
  if (live.length > 0) {
    return pick(
      lang,
      `${where}仅有低近似度的商标（${classList(
        lang,
        live.map((c) => c.nice_class),
      )}），冲突风险低；建议尽快在核心类别提交申请。`,
      `${where} has only loosely similar marks (${classList(
        lang,
        live.map((c) => c.nice_class),
      )}); conflict risk is low. File in your core classes soon.`,
    );
  }
  return pick(
    lang,
    `${where}未发现相同或近似的有效商标；建议尽快在核心类别提交申请，锁定在先权利。`,
    `No identical or similar live marks found in ${where}; file in your core classes soon to secure priority.`,
  );
}

/** The one-paragraph verdict over all checked markets. */
export function overallAdvice(
  lang: Lang,
  byMarket: readonly { market: Market; risk_level: Level }[],
): string {
  const names = (level: Level) =>
    byMarket
      .filter((m) => m.risk_level === level)
      .map((m) => pick(lang, MARKET_NAMES[m.market].zh, MARKET_NAMES[m.market].en));
  const high = names('high');
  const medium = names('medium');
  if (high.length > 0) {
    return pick(
      lang,
      `在${joinList(lang, high)}存在相同或读音相同的在先商标，品牌在这些市场难以注册和使用${medium.length ? `；${joinList(lang, medium)}需做近似检索` : ''}。建议考虑备选品牌。`,
      `Identical or same-sounding prior marks exist in ${joinList(lang, high)}, so the brand is hard to register or use there${medium.length ? `; ${joinList(lang, medium)} need a clearance search` : ''}. Consider an alternative brand.`,
    );
  }
  if (medium.length > 0) {
    return pick(
      lang,
      `未发现相同商标，但${joinList(lang, medium)}有近似商标；可以使用该品牌，申请前做近似检索并采用显著设计。`,
      `No identical marks, but ${joinList(lang, medium)} have similar ones; the brand is usable with a clearance search and a distinctive design before filing.`,
    );
  }
  return pick(
    lang,
    '所查市场均未发现相同或读音相同的有效商标，品牌可用；建议尽快在各目标市场的核心类别提交申请。',
    'No identical or same-sounding live marks in the markets checked; the brand is clear to use. File in your core classes in each target market soon.',
  );
}
