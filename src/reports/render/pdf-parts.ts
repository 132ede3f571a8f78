// Drawing pieces of the pdf: tables that break across pages with their header repeated, charts
// drawn as vectors from the shared chart layout, and the page furniture (running header, footer).
import type PDFDocument from 'pdfkit';
import { layoutChart, type Primitive } from '../charts/layout.ts';
import type { Chart, Table } from '../model.ts';

export type Pdf = InstanceType<typeof PDFDocument>;

export const FONT = { body: 'body', bold: 'bold' } as const;

export const COLOUR = {
  ink: '#262626',
  muted: '#6B6B6B',
  brand: '#1F4E79',
  brandLight: '#EAF1F8',
  zebra: '#F5F7FA',
  rule: '#BFC9D4',
} as const;

export const MARGIN = { top: 64, bottom: 64, left: 56, right: 56 } as const;

export function contentWidth(doc: Pdf): number {
  return doc.page.width - MARGIN.left - MARGIN.right;
}

export function bottomLimit(doc: Pdf): number {
  return doc.page.height - MARGIN.bottom;
}

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

const CELL_PAD = 4;
const TABLE_SIZE = 8.5;

function columnWidths(table: Table, width: number): number[] {
  const total = table.columns.reduce((sum, c) => sum + c.weight, 0);
  return table.columns.map((c) => (width * c.weight) / total);
}

function rowHeight(doc: Pdf, cells: readonly string[], widths: readonly number[], font: string): number {
  doc.font(font).fontSize(TABLE_SIZE);
  let height = 0;
  cells.forEach((text, i) => {
    height = Math.max(
      height,
      doc.heightOfString(text || ' ', { width: widths[i]! - CELL_PAD * 2, lineGap: 1 }),
    );
  });
  return height + CELL_PAD * 2;
}

function drawRow(
  doc: Pdf,
  table: Table,
  cells: readonly string[],
  widths: readonly number[],
  y: number,
  height: number,
  style: { font: string; colour: string; fill?: string },
): void {
  const left = MARGIN.left;
  const width = widths.reduce((a, b) => a + b, 0);
  if (style.fill) doc.rect(left, y, width, height).fill(style.fill);
  doc.font(style.font).fontSize(TABLE_SIZE).fillColor(style.colour);
  let x = left;
  cells.forEach((text, i) => {
    doc.text(text, x + CELL_PAD, y + CELL_PAD, {
      width: widths[i]! - CELL_PAD * 2,
      align: table.columns[i]!.align,
      lineGap: 1,
    });
    x += widths[i]!;
  });
}

/** A table; a row never splits, and each page the table continues on starts with its header. */
export function drawTable(doc: Pdf, table: Table): void {
  const widths = columnWidths(table, contentWidth(doc));
  const headers = table.columns.map((c) => c.header);
  const headerHeight = rowHeight(doc, headers, widths, FONT.bold);
  const totalWidth = widths.reduce((a, b) => a + b, 0);
  const header = () => {
    const y = doc.y;
    drawRow(doc, table, headers, widths, y, headerHeight, {
      font: FONT.bold,
      colour: '#FFFFFF',
      fill: COLOUR.brand,
    });
    doc.y = y + headerHeight;
  };
  const firstRow = table.rows[0] ? rowHeight(doc, table.rows[0], widths, FONT.body) : 0;
  // Never leave a header alone at the foot of a page.
  ensureSpace(doc, headerHeight + firstRow);
  header();
  table.rows.forEach((row, index) => {
    const height = rowHeight(doc, row, widths, FONT.body);
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    drawRow(doc, table, row, widths, y, height, {
      font: FONT.body,
      colour: COLOUR.ink,
      ...(index % 2 === 1 ? { fill: COLOUR.zebra } : {}),
    });
    doc
      .moveTo(MARGIN.left, y + height)
      .lineTo(MARGIN.left + totalWidth, y + height)
      .lineWidth(0.4)
      .strokeColor(COLOUR.rule)
      .stroke();
    doc.y = y + height;
  });
  doc.x = MARGIN.left;
  doc.y += 10;
}

function drawPrimitive(doc: Pdf, p: Primitive, ox: number, oy: number): void {
  switch (p.kind) {
    case 'rect':
      if (p.h > 0 && p.w > 0) doc.rect(ox + p.x, oy + p.y, p.w, p.h).fill(p.fill);
      return;
    case 'line':
      doc
        .save()
        .moveTo(ox + p.x1, oy + p.y1)
        .lineTo(ox + p.x2, oy + p.y2)
        .lineWidth(p.width)
        .strokeColor(p.stroke);
      if (p.dash) doc.dash(2, { space: 2 });
      doc.stroke().undash().restore();
      return;
    case 'polyline':
    case 'polygon': {
      const [first, ...rest] = p.points;
      if (!first) return;
      doc.save().moveTo(ox + first[0], oy + first[1]);
      for (const [x, y] of rest) doc.lineTo(ox + x, oy + y);
      if (p.kind === 'polygon') doc.closePath().fill(p.fill);
      else doc.lineWidth(p.width).lineJoin('round').strokeColor(p.stroke).stroke();
      doc.restore();
      return;
    }
    case 'circle':
      doc.circle(ox + p.cx, oy + p.cy, p.r).fill(p.fill);
      return;
    case 'text': {
      doc
        .font(p.bold ? FONT.bold : FONT.body)
        .fontSize(p.size)
        .fillColor(p.fill);
      const width = doc.widthOfString(p.text);
      const shift = p.anchor === 'middle' ? width / 2 : p.anchor === 'end' ? width : 0;
      const x = ox + p.x;
      const y = oy + p.y;
      doc.save();
      // Both pdfkit and SVG turn clockwise for a positive angle in their y-down space: same sign.
      if (p.rotate) doc.rotate(p.rotate, { origin: [x, y] });
      doc.text(p.text, x - shift, y, { lineBreak: false, baseline: 'alphabetic' });
      doc.restore();
      return;
    }
  }
}

/** A chart as vectors, kept whole on one page. */
export function drawChart(doc: Pdf, chart: Chart): void {
  const layout = layoutChart(chart, contentWidth(doc));
  ensureSpace(doc, layout.height + 8);
  const top = doc.y + 4;
  for (const primitive of layout.primitives) drawPrimitive(doc, primitive, MARGIN.left, top);
  doc.x = MARGIN.left;
  doc.y = top + layout.height + 12;
}

/** Running header and footer on every page but the title page; needs bufferPages. */
export function drawPageFurniture(
  doc: Pdf,
  text: { header: string; footer: string; page: (page: number, pages: number) => string },
): void {
  const range = doc.bufferedPageRange();
  const pages = range.count;
  for (let i = range.start + 1; i < range.start + pages; i++) {
    doc.switchToPage(i);
    const width = contentWidth(doc);
    // Writing inside the margins would make pdfkit open a new page: lift them while drawing.
    const saved = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font(FONT.body).fontSize(7.5).fillColor(COLOUR.muted);
    doc.text(text.header, MARGIN.left, 34, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN.left, 46)
      .lineTo(MARGIN.left + width, 46)
      .lineWidth(0.5)
      .strokeColor(COLOUR.rule)
      .stroke();
    const footerY = doc.page.height - 44;
    doc
      .moveTo(MARGIN.left, footerY - 6)
      .lineTo(MARGIN.left + width, footerY - 6)
      .lineWidth(0.5)
      .strokeColor(COLOUR.rule)
      .stroke();
    doc.font(FONT.body).fontSize(7.5).fillColor(COLOUR.muted);
    doc.text(text.footer, MARGIN.left, footerY, { width: width - 90, lineBreak: false, ellipsis: true });
    doc.text(text.page(i - range.start + 1, pages), MARGIN.left + width - 90, footerY, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins = saved;
  }
}
