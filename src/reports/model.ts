// The report document model: what every renderer (pdf, docx, md, txt) draws from. Mappings turn
// a service's structured result into one of these, so the four formats can never disagree.
import type { Lang } from '../catalog/index.ts';

/** The `{kind}` path segment of a download URL. */
export const REPORT_KINDS = ['industry_overview', 'target_list', 'new_product_intelligence'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['pdf', 'docx', 'md', 'txt'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function isReportKind(value: string): value is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(value);
}

export function isReportFormat(value: string): value is ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value);
}

export interface KeyFigure {
  readonly label: string;
  readonly value: string;
}

export interface TableColumn {
  readonly header: string;
  readonly align: 'left' | 'right';
  /** Relative share of the width in paged formats; plain formats size columns to content. */
  readonly weight: number;
}

export interface Table {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly string[])[];
}

export interface ChartPoint {
  readonly label: string;
  readonly value: number;
  /** The value as printed next to the bar or point, already formatted for the language. */
  readonly display: string;
}

/**
 * One chart definition, drawn as vectors in the pdf and as a PNG in the docx. `column` is vertical
 * bars (distributions), `ranking` horizontal bars in descending order, `line` a trend over time.
 */
export interface Chart {
  readonly type: 'column' | 'ranking' | 'line';
  readonly title: string;
  /** What the values measure, shown as the axis caption. */
  readonly unit: string;
  readonly points: readonly ChartPoint[];
}

export type Block =
  | { readonly type: 'paragraph'; readonly text: string }
  | { readonly type: 'subheading'; readonly text: string }
  | { readonly type: 'figures'; readonly items: readonly KeyFigure[] }
  | { readonly type: 'fields'; readonly rows: readonly KeyFigure[] }
  | { readonly type: 'table'; readonly table: Table }
  | { readonly type: 'chart'; readonly chart: Chart };

export interface Section {
  readonly heading: string;
  readonly blocks: readonly Block[];
}

/** Words the renderers print around the content (page numbers, footers), in the report's language. */
export interface ChromeLabels {
  readonly page: (page: number, pages: number) => string;
  readonly dataSource: string;
  readonly generatedAt: string;
  readonly contents: string;
  readonly preparedBy: string;
  /** Between a label and its value: "：" in Chinese, ": " in English. */
  readonly colon: string;
}

export interface ReportDocument {
  readonly kind: ReportKind;
  readonly lang: Lang;
  /** Document title, e.g. "中国行业分析报告". */
  readonly title: string;
  /** What the report is about, e.g. "汽车制造业 · 浙江省". */
  readonly subject: string;
  /** Name of the data source, in the report's language. */
  readonly dataSource: string;
  /** A caveat printed on the title page (the demo dataset is synthetic). */
  readonly notice: string | null;
  readonly generatedAt: Date;
  /** Stem of the downloaded file's name, e.g. "industry-overview_汽车制造业_2026-11-21". */
  readonly fileStem: string;
  readonly keyFigures: readonly KeyFigure[];
  readonly sections: readonly Section[];
  readonly labels: ChromeLabels;
}
