// Every format of every report kind, in zh and en, opened with readers nobody here wrote:
// pdftotext and pdftoppm (poppler) for the pdf, mammoth for the docx; md and txt read as text.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../catalog/index.ts';
import { formattersFor } from '../i18n.ts';
import { buildDocument, type ReportServiceCode } from '../mappings/index.ts';
import type { ReportDocument, ReportFormat } from '../model.ts';
import { industryOverviewSample, newProductSample, targetListSample } from '../samples.ts';
import { renderAll } from './index.ts';

const run = promisify(execFile);
const generatedAt = new Date('2026-11-21T08:30:00Z');
let dir: string;

beforeAll(async () => {
  await run('pdftotext', ['-v']).catch(() => {
    throw new Error('pdftotext not found: install poppler-utils (bash .ci/setup-system.sh)');
  });
  dir = await mkdtemp(join(tmpdir(), 'bizfn-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, pdf);
  // Without -layout pdftotext keeps each table cell's words together, which is what we look for.
  return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 1 << 24 })).stdout;
}

async function docxHtml(docx: Buffer): Promise<string> {
  return (await mammoth.convertToHtml({ buffer: docx })).value;
}

interface Rendered {
  doc: ReportDocument;
  files: Record<ReportFormat, Buffer>;
  pdf: string;
  html: string;
  md: string;
  txt: string;
}

async function renderCase(
  code: ReportServiceCode,
  result: unknown,
  lang: Lang,
  name: string,
): Promise<Rendered> {
  const doc = buildDocument(code, result, { lang, generatedAt });
  const files = await renderAll(doc);
  return {
    doc,
    files,
    pdf: await pdfText(files.pdf, name),
    html: await docxHtml(files.docx),
    md: files.md.toString('utf8'),
    txt: files.txt.toString('utf8'),
  };
}

/** pdftotext may break a long line anywhere: compare without whitespace. */
const squash = (text: string) => text.replace(/\s+/g, '');

describe.each(['zh', 'en'] as const)('industry overview (%s)', (lang) => {
  const result = industryOverviewSample(lang);
  const f = formattersFor(lang);
  let r: Rendered;
  beforeAll(async () => {
    r = await renderCase('report.industry_overview', result, lang, `io-${lang}`);
  });

  it('the pdf holds the title, every heading and the numbers', () => {
    const text = squash(r.pdf);
    expect(text).toContain(squash(r.doc.title));
    expect(text).toContain(squash(result.industry.name));
    for (const section of r.doc.sections) expect(text).toContain(squash(section.heading));
    for (const p of result.province_distribution)
      expect(text).toContain(squash(`${p.province.name}${f.int(p.companies)}`));
    for (const leader of result.leaders) expect(text).toContain(squash(leader.name));
    const pages = r.pdf.split('\f').filter((page) => page.trim() !== '').length;
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(squash(r.doc.labels.page(2, pages)));
    expect(text).toContain(squash(r.doc.dataSource));
  });

  it('the docx holds the same headings and table rows', () => {
    for (const [i, section] of r.doc.sections.entries())
      expect(r.html).toContain(`<h1>${i + 1}. ${section.heading}</h1>`);
    for (const p of result.province_distribution) {
      expect(r.html).toMatch(
        new RegExp(`<td><p>${p.province.name}</p></td><td><p>${f.int(p.companies)}</p></td>`),
      );
    }
    expect((r.html.match(/<img /g) ?? []).length).toBe(3);
  });

  it('md and txt hold the same numbers as the result', () => {
    for (const text of [r.md, r.txt]) {
      expect(text).toContain(f.int(result.size.companies));
      expect(text).toContain(f.int(result.size.insured_employees));
      for (const p of result.province_distribution) expect(text).toContain(f.int(p.companies));
      for (const y of result.trends) expect(text).toContain(f.int(y.new_companies));
      for (const leader of result.leaders) expect(text).toContain(f.int(leader.insured_employees));
    }
    expect(r.md).toMatch(/^\| # \| .+ \|$/m);
    expect(r.md).toMatch(/^\| ---: \| :--- \| ---: \| ---: \|$/m);
  });
});

describe.each(['zh', 'en'] as const)('target list of 30 companies (%s)', (lang) => {
  const result = targetListSample(lang, 30);
  let r: Rendered;
  beforeAll(async () => {
    r = await renderCase('report.target_list_export', result, lang, `tl-${lang}`);
  });

  it('every format lists every company with its contacts and rationale', () => {
    const pdf = squash(r.pdf);
    const html = r.html;
    for (const company of result.companies) {
      expect(pdf).toContain(squash(company.name));
      expect(pdf).toContain(squash(company.rationale).slice(0, 30));
      expect(html).toContain(company.name);
      for (const contact of company.contacts) {
        for (const text of [r.md, r.txt]) {
          expect(text).toContain(contact.name);
          if (contact.phone) expect(text).toContain(contact.phone);
          if (contact.email) expect(text).toContain(contact.email);
        }
        if (contact.email) expect(pdf).toContain(contact.email);
        if (contact.email) expect(html).toContain(`<td><p>${contact.email}</p></td>`);
      }
      expect(r.md).toContain(company.rationale);
    }
  });

  it('the long pdf table repeats its header on the page it continues on', () => {
    const header = lang === 'zh' ? '企业资质' : 'Tiers';
    const pages = r.pdf.split('\f').filter((page) => page.includes(result.companies[20]!.name));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]).toContain(header);
  });
});

describe.each(['zh', 'en'] as const)('new product intelligence (%s)', (lang) => {
  const result = newProductSample(lang);
  const f = formattersFor(lang);
  it('every format holds the countries, price bands and suppliers', async () => {
    const r = await renderCase('report.new_product_intelligence', result, lang, `np-${lang}`);
    for (const text of [squash(r.pdf), squash(r.html), squash(r.md), squash(r.txt)]) {
      for (const c of result.demand_by_country) expect(text).toContain(squash(c.country.name));
      for (const c of result.demand_by_country) expect(text).toContain(squash(f.int(c.purchasers)));
      for (const b of result.price_bands) expect(text).toContain(squash(f.share(b.share)));
      for (const s of result.component_suppliers) expect(text).toContain(squash(s.name));
    }
  });
});

describe('txt', () => {
  it('aligns columns by display width, CJK counting two', async () => {
    const doc = buildDocument('report.industry_overview', industryOverviewSample('zh'), {
      lang: 'zh',
      generatedAt,
    });
    const txt = (await renderAll(doc)).txt.toString('utf8');
    const { displayWidth } = await import('../text.ts');
    const rows = txt.split('\n').filter((line) => /^\s+\d+\s{2}\S+省/.test(line));
    expect(rows.length).toBeGreaterThan(5);
    // Right-aligned share column: every row ends at the same column.
    const ends = new Set(rows.map((line) => displayWidth(line)));
    expect(ends.size).toBe(1);
    expect(Math.max(...txt.split('\n').map(displayWidth))).toBeLessThanOrEqual(100);
  });
});

describe('pdf page 1 as a picture', () => {
  it.each(['zh', 'en'] as const)('is not blank (%s)', async (lang) => {
    const doc = buildDocument('report.industry_overview', industryOverviewSample(lang), {
      lang,
      generatedAt,
    });
    const path = join(dir, `page1-${lang}.pdf`);
    await writeFile(path, (await renderAll(doc)).pdf);
    await run('pdftoppm', ['-f', '1', '-l', '1', '-r', '50', '-png', path, join(dir, `page1-${lang}`)]);
    expect((await readFile(join(dir, `page1-${lang}-1.png`))).length).toBeGreaterThan(5_000);
    // The same page in grey (PGM: a header line, then one byte per pixel) to count the ink.
    await run('pdftoppm', ['-f', '1', '-l', '1', '-r', '50', '-gray', path, join(dir, `grey-${lang}`)]);
    const pgm = await readFile(join(dir, `grey-${lang}-1.pgm`));
    const pixels = pgm.subarray(
      pgm.length -
        (pgm
          .toString('latin1', 0, 20)
          .match(/^P5\s+(\d+)\s+(\d+)/)
          ?.slice(1)
          .reduce((a, b) => a * Number(b), 1) ?? 0),
    );
    const dark = pixels.filter((value) => value < 200).length;
    expect(dark / pixels.length).toBeGreaterThan(0.05);
  });
});
