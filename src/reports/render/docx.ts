// The docx: the same title page, numbered headings (Word styles, so the navigation pane and a
// table of contents work), tables whose header row repeats on each page, and the charts as PNG
// images rasterised from the same chart layout the pdf draws.
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { layoutChart } from '../charts/layout.ts';
import { chartPng } from '../charts/raster.ts';
import type { Block, Chart, KeyFigure, ReportDocument, Table as TableModel } from '../model.ts';
import type { Renderer } from './types.ts';

const BRAND = '1F4E79';
const MUTED = '6B6B6B';
const ZEBRA = 'F5F7FA';
/** Chart layout width in points, the pdf's content width, so both files show the same picture. */
const CHART_WIDTH = 483;
/** Printed width of a chart in the docx, in pixels at 96 dpi (about 16.5 cm). */
const IMAGE_WIDTH = 624;

type Child = Paragraph | Table;

/** Text width of an A4 page with Word's default 1-inch margins, in twips (1/20 pt). */
const PAGE_TWIPS = 11_906 - 2 * 1_440;

const thin = { style: BorderStyle.SINGLE, size: 4, color: 'BFC9D4' } as const;
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

function cell(
  text: string,
  options: { header?: boolean; align: 'left' | 'right'; fill?: string; width: number },
) {
  return new TableCell({
    width: { size: options.width, type: WidthType.DXA },
    margins: { top: 60, bottom: 60, left: 90, right: 90 },
    ...(options.fill ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: options.fill } } : {}),
    children: [
      new Paragraph({
        alignment: options.align === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [
          new TextRun({
            text,
            size: 17,
            bold: options.header === true,
            color: options.header ? 'FFFFFF' : '262626',
          }),
        ],
      }),
    ],
  });
}

function table(t: TableModel): Table {
  const total = t.columns.reduce((sum, c) => sum + c.weight, 0);
  // Fixed widths in twips: readers that ignore percentages (LibreOffice) would otherwise shrink
  // the table to its content.
  const widths = t.columns.map((c) => Math.floor((PAGE_TWIPS * c.weight) / total));
  return new Table({
    width: { size: PAGE_TWIPS, type: WidthType.DXA },
    columnWidths: widths,
    borders: {
      top: thin,
      bottom: thin,
      left: none,
      right: none,
      insideHorizontal: thin,
      insideVertical: none,
    },
    rows: [
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        children: t.columns.map((c, i) =>
          cell(c.header, { header: true, align: c.align, fill: BRAND, width: widths[i]! }),
        ),
      }),
      ...t.rows.map(
        (row, r) =>
          new TableRow({
            cantSplit: true,
            children: row.map((text, i) =>
              cell(text, {
                align: t.columns[i]!.align,
                width: widths[i]!,
                ...(r % 2 === 1 ? { fill: ZEBRA } : {}),
              }),
            ),
          }),
      ),
    ],
  });
}

function figures(items: readonly KeyFigure[]): Table {
  const width = Math.floor(PAGE_TWIPS / Math.max(items.length, 1));
  return new Table({
    width: { size: PAGE_TWIPS, type: WidthType.DXA },
    columnWidths: items.map(() => width),
    borders: {
      top: none,
      bottom: none,
      left: none,
      right: none,
      insideHorizontal: none,
      insideVertical: none,
    },
    rows: [
      new TableRow({
        cantSplit: true,
        children: items.map(
          (item) =>
            new TableCell({
              width: { size: width, type: WidthType.DXA },
              shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'EAF1F8' },
              borders: {
                left: { style: BorderStyle.SINGLE, size: 24, color: BRAND },
                top: none,
                bottom: none,
                right: none,
              },
              margins: { top: 100, bottom: 100, left: 140, right: 100 },
              children: [
                new Paragraph({
                  children: [new TextRun({ text: item.value, bold: true, size: 26, color: BRAND })],
                }),
                new Paragraph({ children: [new TextRun({ text: item.label, size: 16, color: MUTED })] }),
              ],
            }),
        ),
      }),
    ],
  });
}

function chart(c: Chart): Paragraph {
  const layout = layoutChart(c, CHART_WIDTH);
  const image = chartPng(layout);
  const height = Math.round((IMAGE_WIDTH * image.height) / image.width);
  return new Paragraph({
    spacing: { before: 120, after: 120 },
    keepLines: true,
    children: [
      new ImageRun({
        type: 'png',
        data: image.png,
        transformation: { width: IMAGE_WIDTH, height },
        altText: { name: c.title, title: c.title, description: `${c.title} (${c.unit})` },
      }),
    ],
  });
}

function block(b: Block, colon: string): Child[] {
  switch (b.type) {
    case 'paragraph':
      return [
        new Paragraph({
          spacing: { after: 160, line: 320 },
          children: [new TextRun({ text: b.text, size: 21 })],
        }),
      ];
    case 'subheading':
      return [
        new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [new TextRun(b.text)] }),
      ];
    case 'figures':
      return [figures(b.items), new Paragraph({})];
    case 'fields':
      return [
        ...b.rows.map(
          (row) =>
            new Paragraph({
              spacing: { after: 40 },
              children: [
                new TextRun({ text: `${row.label}${colon}`, color: MUTED, size: 19 }),
                new TextRun({ text: row.value, size: 19 }),
              ],
            }),
        ),
        new Paragraph({}),
      ];
    case 'table':
      return [table(b.table), new Paragraph({})];
    case 'chart':
      return [chart(b.chart)];
  }
}

function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function titlePage(doc: ReportDocument): Child[] {
  const out: Child[] = [
    new Paragraph({
      spacing: { before: 1800 },
      children: [new TextRun({ text: doc.labels.preparedBy, color: MUTED, size: 20 })],
    }),
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: doc.title })] }),
    new Paragraph({
      spacing: { after: 400 },
      children: [new TextRun({ text: doc.subject, size: 32, color: BRAND })],
    }),
    new Paragraph({
      children: [
        new TextRun({ text: `${doc.labels.dataSource}${doc.labels.colon}${doc.dataSource}`, size: 20 }),
      ],
    }),
    new Paragraph({
      spacing: { after: 300 },
      children: [
        new TextRun({
          text: `${doc.labels.generatedAt}${doc.labels.colon}${stamp(doc.generatedAt)}`,
          size: 20,
        }),
      ],
    }),
    figures(doc.keyFigures),
  ];
  if (doc.notice) {
    out.push(
      new Paragraph({
        spacing: { before: 300 },
        shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'FFF7E6' },
        children: [new TextRun({ text: doc.notice, size: 17, color: '7A5200' })],
      }),
    );
  }
  out.push(
    new Paragraph({
      spacing: { before: 400, after: 120 },
      children: [new TextRun({ text: doc.labels.contents, bold: true, size: 26, color: BRAND })],
    }),
    ...doc.sections.map(
      (section, i) =>
        new Paragraph({
          spacing: { after: 60 },
          children: [new TextRun({ text: `${i + 1}.  ${section.heading}`, size: 21 })],
        }),
    ),
  );
  return out;
}

async function renderDocx(doc: ReportDocument): Promise<Buffer> {
  const footerText = `${doc.labels.dataSource}${doc.labels.colon}${doc.dataSource} · ${doc.labels.generatedAt}${doc.labels.colon}${stamp(doc.generatedAt)}`;
  const pageText = doc.labels.page(0, 0).split(/\d+/);
  const document = new Document({
    creator: doc.labels.preparedBy,
    title: `${doc.title} · ${doc.subject}`,
    subject: doc.subject,
    styles: {
      default: {
        document: {
          // Word picks the East Asian font for Chinese characters and the Latin one for the rest.
          run: {
            font: { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei' },
            size: 21,
            color: '262626',
          },
        },
        title: { run: { size: 56, bold: true, color: BRAND } },
        heading1: {
          run: { size: 32, bold: true, color: BRAND },
          paragraph: { spacing: { before: 360, after: 160 }, keepNext: true },
        },
        heading2: {
          run: { size: 24, bold: true, color: BRAND },
          paragraph: { spacing: { before: 240, after: 80 } },
        },
      },
    },
    sections: [
      { children: titlePage(doc) },
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ text: `${doc.title} · ${doc.subject}`, size: 15, color: MUTED })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({ children: [new TextRun({ text: footerText, size: 15, color: MUTED })] }),
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun({
                    size: 15,
                    color: MUTED,
                    // "第 {n} 页 / 共 {N} 页" or "Page {n} of {N}", with Word's live page fields.
                    children: [
                      pageText[0] ?? '',
                      PageNumber.CURRENT,
                      pageText[1] ?? '',
                      PageNumber.TOTAL_PAGES,
                      pageText[2] ?? '',
                    ],
                  }),
                ],
              }),
            ],
          }),
        },
        children: doc.sections.flatMap((section, i) => [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [new TextRun(`${i + 1}. ${section.heading}`)],
          }),
          ...section.blocks.flatMap((b) => block(b, doc.labels.colon)),
        ]),
      },
    ],
  });
  return Packer.toBuffer(document);
}

export const docxRenderer: Renderer = { format: 'docx', render: renderDocx };
