// Pieces the three mappings share: the document frame (title, source, footer words), file names,
// and the tables that list companies the same way in every report.
import type { Lang } from '../../catalog/index.ts';
import { chromeLabels, dataSourceName, demoNotice } from '../i18n.ts';
import type { KeyFigure, ReportDocument, ReportKind, Section, TableColumn } from '../model.ts';

export interface MappingContext {
  readonly lang: Lang;
  readonly generatedAt: Date;
}

/** Characters a file name cannot carry on common systems, and runs of blanks (control characters too). */
const UNSAFE = /[\\/:*?"<>|]+|\s+/g;

function stripControls(text: string): string {
  return [...text].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f).join('');
}

export function fileStem(prefix: string, subject: readonly string[], generatedAt: Date): string {
  const parts = [
    prefix,
    ...subject.map((part) =>
      stripControls(part)
        .replace(UNSAFE, '-')
        .replace(/^-+|-+$/g, ''),
    ),
  ];
  // Long subjects are cut, the date at the end is kept.
  return `${parts.filter(Boolean).join('_').slice(0, 100)}_${generatedAt.toISOString().slice(0, 10)}`;
}

export function frame(input: {
  kind: ReportKind;
  title: string;
  subject: string;
  source: 'demo' | 'operator';
  stem: string;
  keyFigures: readonly KeyFigure[];
  sections: readonly Section[];
  context: MappingContext;
}): ReportDocument {
  const { lang, generatedAt } = input.context;
  return {
    kind: input.kind,
    lang,
    title: input.title,
    subject: input.subject,
    dataSource: dataSourceName(input.source, lang),
    notice: demoNotice(input.source, lang),
    generatedAt,
    fileStem: input.stem,
    keyFigures: input.keyFigures,
    // A section with nothing in it would print a lonely heading: leave it out.
    sections: input.sections.filter((section) => section.blocks.length > 0),
    labels: chromeLabels(lang),
  };
}

export function col(header: string, align: 'left' | 'right' = 'left', weight = 1): TableColumn {
  return { header, align, weight };
}

/** Picks the zh or en variant of a label. */
export function t(lang: Lang, zh: string, en: string): string {
  return lang === 'zh' ? zh : en;
}
