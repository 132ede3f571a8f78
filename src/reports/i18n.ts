// Words and number formats of the reports in zh and en. The content (names, summaries, rationale)
// arrives already in the request's language; only the labels around it are translated here.
import type { Lang, Tier } from '../catalog/index.ts';
import type { ChromeLabels } from './model.ts';

export interface Formatters {
  readonly int: (value: number) => string;
  readonly share: (value: number) => string;
  readonly cny: (value: number) => string;
  readonly usd: (value: number) => string;
  readonly date: (value: Date) => string;
  readonly dateTime: (value: Date) => string;
  /** Joins a list of names the way the language does. */
  readonly list: (items: readonly string[]) => string;
}

const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

function share(value: number): string {
  return `${oneDecimal.format(value * 100)}%`;
}

function dateOnly(value: Date): string {
  return value.toISOString().slice(0, 10);
}

function dateTime(value: Date): string {
  return `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const zhFormat: Formatters = {
  int: (value) => intFormat.format(value),
  share,
  // Chinese reports count money in 万 and 亿 (10^4, 10^8), not in thousands and millions.
  cny: (value) => {
    if (Math.abs(value) >= 1e8) return `${twoDecimals.format(value / 1e8)} 亿元`;
    if (Math.abs(value) >= 1e4) return `${twoDecimals.format(value / 1e4)} 万元`;
    return `${intFormat.format(value)} 元`;
  },
  usd: (value) => {
    if (Math.abs(value) >= 1e8) return `${twoDecimals.format(value / 1e8)} 亿美元`;
    if (Math.abs(value) >= 1e4) return `${twoDecimals.format(value / 1e4)} 万美元`;
    return `${intFormat.format(value)} 美元`;
  },
  date: dateOnly,
  dateTime,
  list: (items) => items.join('、'),
};

function scaled(prefix: string, value: number): string {
  if (Math.abs(value) >= 1e9) return `${prefix} ${twoDecimals.format(value / 1e9)} bn`;
  if (Math.abs(value) >= 1e6) return `${prefix} ${twoDecimals.format(value / 1e6)} m`;
  return `${prefix} ${intFormat.format(value)}`;
}

const enFormat: Formatters = {
  int: (value) => intFormat.format(value),
  share,
  cny: (value) => scaled('CNY', value),
  usd: (value) => scaled('USD', value),
  date: dateOnly,
  dateTime,
  list: (items) => items.join(', '),
};

export function formattersFor(lang: Lang): Formatters {
  return lang === 'zh' ? zhFormat : enFormat;
}

export function chromeLabels(lang: Lang): ChromeLabels {
  return lang === 'zh'
    ? {
        page: (page, pages) => `第 ${page} 页 / 共 ${pages} 页`,
        dataSource: '数据来源',
        generatedAt: '生成时间',
        contents: '目录',
        preparedBy: 'bizfn 商业情报',
        colon: '：',
      }
    : {
        page: (page, pages) => `Page ${page} of ${pages}`,
        dataSource: 'Data source',
        generatedAt: 'Generated',
        contents: 'Contents',
        preparedBy: 'bizfn business intelligence',
        colon: ': ',
      };
}

export function dataSourceName(source: 'demo' | 'operator', lang: Lang): string {
  if (lang === 'zh') return source === 'demo' ? '演示数据集（合成数据）' : '运营方业务数据库';
  return source === 'demo' ? 'Demo dataset (synthetic)' : "Operator's business database";
}

export function demoNotice(source: 'demo' | 'operator', lang: Lang): string | null {
  if (source !== 'demo') return null;
  return lang === 'zh'
    ? '本报告基于确定性生成的演示数据集，企业、人员与数字均为合成数据，仅用于演示，不构成事实陈述。'
    : 'This report is computed from a deterministically generated demo dataset; companies, people and figures are synthetic and for demonstration only.';
}

const TIER_NAMES: Record<Tier, { zh: string; en: string }> = {
  listed: { zh: '上市公司', en: 'Listed' },
  srdi: { zh: '专精特新', en: 'SRDI' },
  little_giant: { zh: '专精特新“小巨人”', en: 'Little giant' },
  high_tech: { zh: '高新技术企业', en: 'High-tech' },
  tech_sme: { zh: '科技型中小企业', en: 'Tech SME' },
  soe: { zh: '国有企业', en: 'State-owned' },
};

/** A tier's display name; unknown tiers (added later to the vocabulary) print as their id. */
export function tierName(tier: string, lang: Lang): string {
  const names = (TIER_NAMES as Record<string, { zh: string; en: string } | undefined>)[tier];
  return names ? names[lang] : tier;
}

/** A place as "province · city", skipping what is unknown. */
export function placeName(
  province: { name: string } | null | undefined,
  city: string | null | undefined,
  lang: Lang,
): string {
  const parts = [province?.name, city].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return lang === 'zh' ? '—' : '—';
  // A municipality names the city twice ("上海市 · 上海市"): print it once.
  if (parts.length === 2 && parts[0] === parts[1]) return parts[0]!;
  return parts.join(lang === 'zh' ? ' · ' : ', ');
}

/** "—" for a missing value, so empty cells still read as deliberate. */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : '—';
}
