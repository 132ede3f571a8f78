// The pdf: a title page with the key figures and contents, then one numbered section after
// another, with the embedded CJK font (pdfkit subsets it to the glyphs used), bookmarks, running
// header, and a footer naming the data source, the generation time and the page.
import PDFDocument from 'pdfkit';
import { loadFonts } from '../fonts.ts';
import type { Block, KeyFigure, ReportDocument } from '../model.ts';
import {
  bottomLimit,
  COLOUR,
  contentWidth,
  drawChart,
  drawPageFurniture,
  drawTable,
  ensureSpace,
  FONT,
  MARGIN,
  type Pdf,
} from './pdf-parts.ts';
import type { Renderer } from './types.ts';

const BODY_SIZE = 10;

function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function figureBoxes(doc: Pdf, items: readonly KeyFigure[], perRow = 4): void {
  const gap = 8;
  const width = (contentWidth(doc) - gap * (perRow - 1)) / perRow;
  const height = 54;
  for (let start = 0; start < items.length; start += perRow) {
    ensureSpace(doc, height + 8);
    const y = doc.y;
    items.slice(start, start + perRow).forEach((item, i) => {
      const x = MARGIN.left + i * (width + gap);
      doc.rect(x, y, width, height).fill(COLOUR.brandLight);
      doc.rect(x, y, 3, height).fill(COLOUR.brand);
      // The value is the point of the box: shrink it to fit rather than cut it.
      let size = 15;
      doc.font(FONT.bold).fontSize(size);
      while (size > 8 && doc.widthOfString(item.value) > width - 14) doc.fontSize(--size);
      doc
        .fillColor(COLOUR.brand)
        .text(item.value, x + 10, y + 9 + (15 - size) / 2, { width: width - 14, lineBreak: false });
      doc.font(FONT.body).fontSize(8).fillColor(COLOUR.muted);
      doc.text(item.label, x + 10, y + 33, { width: width - 14, lineBreak: false, ellipsis: true });
    });
    doc.y = y + height + 8;
  }
  doc.x = MARGIN.left;
  doc.y += 4;
}

function fieldList(doc: Pdf, rows: readonly KeyFigure[]): void {
  const labelWidth = contentWidth(doc) * 0.3;
  const valueWidth = contentWidth(doc) - labelWidth - 8;
  doc.font(FONT.body).fontSize(9.5);
  const heights = rows.map((row) =>
    Math.max(
      doc.heightOfString(row.value, { width: valueWidth }),
      doc.heightOfString(row.label, { width: labelWidth }),
    ),
  );
  // A short list of fields (a company's particulars) stays on one page.
  const total = heights.reduce((sum, h) => sum + h + 4, 0);
  if (total < (bottomLimit(doc) - MARGIN.top) / 2) ensureSpace(doc, total);
  rows.forEach((row, i) => {
    const height = heights[i]!;
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc.font(FONT.body).fontSize(9.5);
    doc.fillColor(COLOUR.muted).text(row.label, MARGIN.left, y, { width: labelWidth });
    doc.fillColor(COLOUR.ink).text(row.value, MARGIN.left + labelWidth + 8, y, { width: valueWidth });
    doc.y = y + height + 4;
  });
  doc.x = MARGIN.left;
  doc.y += 6;
}

function block(doc: Pdf, b: Block): void {
  switch (b.type) {
    case 'paragraph':
      ensureSpace(doc, 30);
      doc.font(FONT.body).fontSize(BODY_SIZE).fillColor(COLOUR.ink);
      doc.text(b.text, MARGIN.left, doc.y, { width: contentWidth(doc), lineGap: 3 });
      doc.y += 8;
      return;
    case 'subheading':
      // Keep a company's heading with at least the first lines of what follows it.
      ensureSpace(doc, 110);
      doc.y += 4;
      doc.font(FONT.bold).fontSize(11.5).fillColor(COLOUR.brand);
      doc.text(b.text, MARGIN.left, doc.y, { width: contentWidth(doc) });
      doc.y += 4;
      return;
    case 'figures':
      figureBoxes(doc, b.items);
      return;
    case 'fields':
      fieldList(doc, b.rows);
      return;
    case 'table':
      drawTable(doc, b.table);
      return;
    case 'chart':
      drawChart(doc, b.chart);
      return;
  }
}

function titlePage(doc: Pdf, report: ReportDocument): void {
  const width = contentWidth(doc);
  doc.rect(0, 0, doc.page.width, 220).fill(COLOUR.brand);
  doc.font(FONT.body).fontSize(10).fillColor('#C9D8E8');
  doc.text(report.labels.preparedBy, MARGIN.left, 70, { width });
  doc.font(FONT.bold).fontSize(28).fillColor('#FFFFFF');
  doc.text(report.title, MARGIN.left, 100, { width });
  doc.font(FONT.body).fontSize(15).fillColor('#FFFFFF');
  doc.text(report.subject, MARGIN.left, doc.y + 6, { width });
  doc.y = 250;
  doc.font(FONT.body).fontSize(10).fillColor(COLOUR.ink);
  doc.text(`${report.labels.dataSource}${report.labels.colon}${report.dataSource}`, MARGIN.left, doc.y, {
    width,
  });
  doc.text(
    `${report.labels.generatedAt}${report.labels.colon}${stamp(report.generatedAt)}`,
    MARGIN.left,
    doc.y + 2,
    { width },
  );
  doc.y += 20;
  figureBoxes(doc, report.keyFigures);
  if (report.notice) {
    const height =
      doc
        .font(FONT.body)
        .fontSize(8.5)
        .heightOfString(report.notice, { width: width - 20 }) + 16;
    const y = doc.y + 6;
    doc.rect(MARGIN.left, y, width, height).fill('#FFF7E6');
    doc.fillColor('#7A5200').text(report.notice, MARGIN.left + 10, y + 8, { width: width - 20 });
    doc.y = y + height + 10;
  }
  doc.y += 14;
  doc
    .font(FONT.bold)
    .fontSize(13)
    .fillColor(COLOUR.brand)
    .text(report.labels.contents, MARGIN.left, doc.y, { width });
  doc.y += 6;
  doc.font(FONT.body).fontSize(10.5).fillColor(COLOUR.ink);
  report.sections.forEach((section, i) => {
    doc.text(`${i + 1}.  ${section.heading}`, MARGIN.left + 6, doc.y + 3, { width: width - 6 });
  });
}

async function renderPdf(report: ReportDocument): Promise<Buffer> {
  const fonts = await loadFonts();
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: `${report.title} · ${report.subject}`,
      Author: report.labels.preparedBy,
      Subject: report.subject,
      CreationDate: report.generatedAt,
    },
    lang: report.lang === 'zh' ? 'zh-CN' : 'en',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(FONT.body, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);

  titlePage(doc, report);
  report.sections.forEach((section, i) => {
    // Every section after the title page starts a page only when less than a third of one is left.
    if (i === 0) doc.addPage();
    else ensureSpace(doc, doc.page.height / 3);
    const heading = `${i + 1}. ${section.heading}`;
    doc.outline.addItem(heading);
    doc.font(FONT.bold).fontSize(16).fillColor(COLOUR.brand);
    doc.text(heading, MARGIN.left, doc.y, { width: contentWidth(doc) });
    const ruleY = doc.y + 3;
    doc
      .moveTo(MARGIN.left, ruleY)
      .lineTo(MARGIN.left + contentWidth(doc), ruleY)
      .lineWidth(1)
      .strokeColor(COLOUR.brand)
      .stroke();
    doc.y = ruleY + 12;
    for (const b of section.blocks) block(doc, b);
    doc.y += 10;
  });

  drawPageFurniture(doc, {
    header: `${report.title} · ${report.subject}`,
    footer: `${report.labels.dataSource}${report.labels.colon}${report.dataSource}  ·  ${report.labels.generatedAt}${report.labels.colon}${stamp(report.generatedAt)}`,
    page: report.labels.page,
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export const pdfRenderer: Renderer = { format: 'pdf', render: renderPdf };
