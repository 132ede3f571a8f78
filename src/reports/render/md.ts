// GitHub-flavoured markdown: headings, a key-figure table, GFM tables with aligned columns, and
// charts as their data (a table with a bar made of block characters), since md has no pictures.
import type { Block, Chart, ReportDocument, Table } from '../model.ts';
import type { Renderer } from './types.ts';

/** Table cells may not hold a pipe or a line break. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function table(t: Table): string[] {
  const head = `| ${t.columns.map((c) => cell(c.header)).join(' | ')} |`;
  const rule = `| ${t.columns.map((c) => (c.align === 'right' ? '---:' : ':---')).join(' | ')} |`;
  const rows = t.rows.map((row) => `| ${row.map(cell).join(' | ')} |`);
  return [head, rule, ...rows];
}

const BAR_WIDTH = 20;

function chart(c: Chart): string[] {
  const max = Math.max(0, ...c.points.map((p) => p.value));
  const rows = c.points.map((p) => {
    const bar =
      max > 0 ? '█'.repeat(Math.max(p.value > 0 ? 1 : 0, Math.round((p.value / max) * BAR_WIDTH))) : '';
    return `| ${cell(p.label)} | ${cell(p.display)} | \`${bar.padEnd(BAR_WIDTH, ' ')}\` |`;
  });
  return [`**${cell(c.title)}** (${c.unit})`, '', '| | | |', '| :--- | ---: | :--- |', ...rows];
}

function block(b: Block): string[] {
  switch (b.type) {
    case 'paragraph':
      return [b.text];
    case 'subheading':
      return [`### ${b.text}`];
    case 'figures':
      return table({
        columns: b.items.map((item) => ({ header: item.label, align: 'right', weight: 1 })),
        rows: [b.items.map((item) => `**${item.value}**`)],
      });
    case 'fields':
      return b.rows.map((row) => `- **${row.label}**: ${row.value}`);
    case 'table':
      return table(b.table);
    case 'chart':
      return chart(b.chart);
  }
}

export function renderMarkdown(doc: ReportDocument): string {
  const lines: string[] = [`# ${doc.title}`, '', `**${doc.subject}**`, ''];
  lines.push(`- ${doc.labels.dataSource}${doc.labels.colon}${doc.dataSource}`);
  lines.push(
    `- ${doc.labels.generatedAt}${doc.labels.colon}${doc.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  );
  lines.push('');
  if (doc.notice) lines.push(`> ${doc.notice}`, '');
  lines.push(`## ${doc.labels.contents}`, '');
  doc.sections.forEach((section, i) => {
    lines.push(`${i + 1}. ${section.heading}`);
  });
  lines.push('');
  doc.sections.forEach((section, i) => {
    lines.push(`## ${i + 1}. ${section.heading}`, '');
    for (const b of section.blocks) lines.push(...block(b), '');
  });
  lines.push(
    '---',
    '',
    `*${doc.labels.preparedBy} · ${doc.labels.dataSource}${doc.labels.colon}${doc.dataSource}*`,
    '',
  );
  return lines.join('\n');
}

export const markdownRenderer: Renderer = {
  format: 'md',
  render: async (doc) => Buffer.from(renderMarkdown(doc), 'utf8'),
};
