// Plain text for a terminal: aligned columns measured in display columns (a Chinese character
// takes two), long cells wrapped inside their column, charts as bars of block characters.
import type { Block, Chart, KeyFigure, ReportDocument, Table } from '../model.ts';
import { displayWidth, pad, wrapColumns } from '../text.ts';
import type { Renderer } from './types.ts';

const LINE = 100;
const GAP = '  ';

/**
 * Column widths: natural widths, then narrowed one column at a time until the row fits the line,
 * each time taking the column where the fewest cells would have to wrap (the widest on a tie).
 */
function columnWidths(t: Table): number[] {
  const cells = t.columns.map((_, i) => t.rows.map((row) => displayWidth(row[i] ?? '')));
  const widths = t.columns.map((c, i) => Math.max(displayWidth(c.header), ...cells[i]!));
  const floor = t.columns.map((c) => Math.min(Math.max(displayWidth(c.header), 6), 12));
  const budget = LINE - GAP.length * (widths.length - 1);
  while (widths.reduce((a, b) => a + b, 0) > budget) {
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    widths.forEach((w, i) => {
      if (w <= floor[i]!) return;
      const cost = cells[i]!.filter((width) => width > w - 1).length;
      if (cost < bestCost || (cost === bestCost && w > widths[best]!)) {
        best = i;
        bestCost = cost;
      }
    });
    if (best < 0) break;
    widths[best]! -= 1;
  }
  return widths;
}

function table(t: Table): string[] {
  const widths = columnWidths(t);
  const line = (cells: readonly string[]): string[] => {
    const wrapped = cells.map((text, i) => wrapColumns(text, widths[i]!));
    const height = Math.max(...wrapped.map((w) => w.length));
    const out: string[] = [];
    for (let l = 0; l < height; l++) {
      out.push(
        wrapped
          .map((w, i) => pad(w[l] ?? '', widths[i]!, t.columns[i]!.align))
          .join(GAP)
          .trimEnd(),
      );
    }
    return out;
  };
  return [
    ...line(t.columns.map((c) => c.header)),
    widths.map((w) => '-'.repeat(w)).join(GAP),
    ...t.rows.flatMap((row) => line(row)),
  ];
}

/** "label: value" lines with the values aligned in one column. */
function fields(rows: readonly KeyFigure[], separator = ': '): string[] {
  const indent = Math.max(...rows.map((row) => displayWidth(row.label + separator))) + 1;
  return rows.flatMap((row) => {
    const [first = '', ...rest] = wrapColumns(row.value, LINE - indent);
    return [
      `${pad(row.label + separator, indent)}${first}`,
      ...rest.map((text) => ' '.repeat(indent) + text),
    ];
  });
}

function chart(c: Chart): string[] {
  const max = Math.max(0, ...c.points.map((p) => p.value));
  const labelWidth = Math.min(36, Math.max(...c.points.map((p) => displayWidth(p.label))));
  const valueWidth = Math.max(...c.points.map((p) => displayWidth(p.display)));
  const barSpace = Math.min(50, Math.max(10, LINE - labelWidth - valueWidth - 4));
  const rows = c.points.map((p) => {
    const label = wrapColumns(p.label, labelWidth)[0] ?? '';
    const length = max > 0 ? Math.max(p.value > 0 ? 1 : 0, Math.round((p.value / max) * barSpace)) : 0;
    return `${pad(label, labelWidth)}  ${pad(p.display, valueWidth, 'right')}  ${'█'.repeat(length)}`;
  });
  return [`${c.title} (${c.unit})`, ...rows];
}

function block(b: Block, colon: string): string[] {
  switch (b.type) {
    case 'paragraph':
      return wrapColumns(b.text, LINE);
    case 'subheading':
      return [b.text, '~'.repeat(Math.min(LINE, displayWidth(b.text)))];
    case 'figures':
      return fields(b.items, '  ');
    case 'fields':
      return fields(b.rows, colon);
    case 'table':
      return table(b.table);
    case 'chart':
      return chart(b.chart);
  }
}

export function renderText(doc: ReportDocument): string {
  const rule = '='.repeat(LINE);
  const lines = [rule, doc.title, doc.subject, rule, ''];
  lines.push(
    ...fields(
      [
        { label: doc.labels.dataSource, value: doc.dataSource },
        {
          label: doc.labels.generatedAt,
          value: `${doc.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        },
      ],
      doc.labels.colon,
    ),
    '',
  );
  if (doc.notice) lines.push(...wrapColumns(doc.notice, LINE), '');
  doc.sections.forEach((section, i) => {
    const heading = `${i + 1}. ${section.heading}`;
    lines.push(heading, '-'.repeat(displayWidth(heading)), '');
    for (const b of section.blocks) lines.push(...block(b, doc.labels.colon), '');
  });
  lines.push(rule, doc.labels.preparedBy, '');
  return lines.join('\n');
}

export const textRenderer: Renderer = {
  format: 'txt',
  render: async (doc) => Buffer.from(renderText(doc), 'utf8'),
};
