// The real report engines on the demo dataset, rendered: whatever the engines produce (all 31
// provinces, real names, empty sections) maps and renders in every format, and the files carry the
// result's numbers. Guards the mapping against drift between the engines and the renderers.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/helpers/db.ts';
import { contextFor, DEMO_NOW, openDemoDatabase, runOk } from '../engines/testing/demo-db.ts';
import { formattersFor } from './i18n.ts';
import { buildDocument } from './mappings/index.ts';
import { renderAll } from './render/index.ts';

const run = promisify(execFile);
let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  await run('pdftotext', ['-v']).catch(() => {
    throw new Error('pdftotext not found: install poppler-utils (bash .ci/setup-system.sh)');
  });
  db = await openDemoDatabase();
  dir = await mkdtemp(join(tmpdir(), 'bizfn-engine-reports-'));
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, pdf);
  return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 1 << 24 })).stdout.replace(
    /\s+/g,
    '',
  );
}

describe.each(['zh', 'en'] as const)(
  `report engines rendered (%s, ${process.env.BIZFN_TEST_DB ?? 'pglite'})`,
  (lang) => {
    const f = formattersFor(lang);
    const context = { lang, generatedAt: DEMO_NOW };

    it('industry overview', async () => {
      const result = await runOk('report.industry_overview', { industry: '五金' }, contextFor(db, lang));
      const files = await renderAll(buildDocument('report.industry_overview', result, context));
      const pdf = await pdfText(files.pdf, `io-${lang}`);
      const html = (await mammoth.convertToHtml({ buffer: files.docx })).value;
      for (const text of [files.md.toString(), files.txt.toString()]) {
        expect(text).toContain(f.int(result.size.companies));
        for (const p of result.province_distribution) expect(text).toContain(`${f.int(p.companies)}`);
        for (const l of result.leaders) expect(text).toContain(l.name);
      }
      for (const p of result.province_distribution) {
        expect(pdf).toContain(`${p.province.name}${f.int(p.companies)}`.replace(/\s+/g, ''));
        expect(html).toContain(`<td><p>${p.province.name}</p></td><td><p>${f.int(p.companies)}</p></td>`);
      }
      expect(pdf).toContain(result.summary.replace(/\s+/g, '').slice(0, 40));
    });

    it('target list', async () => {
      const result = await runOk(
        'report.target_list_export',
        { industry: '电子', province: '广东' },
        contextFor(db, lang),
      );
      expect(result.companies.length).toBeGreaterThan(0);
      const files = await renderAll(buildDocument('report.target_list_export', result, context));
      const pdf = await pdfText(files.pdf, `tl-${lang}`);
      for (const c of result.companies) {
        expect(pdf).toContain(c.name.replace(/\s+/g, ''));
        for (const p of c.contacts) {
          if (p.phone) expect(files.txt.toString()).toContain(p.phone);
          if (p.email) expect(files.md.toString()).toContain(p.email);
        }
        expect(files.md.toString()).toContain(c.rationale);
      }
    });

    it('new product intelligence, both modes', async () => {
      for (const mode of ['design', 'deconstruct'] as const) {
        const product = lang === 'zh' ? '智能手机' : 'smartphones';
        const result = await runOk(
          'report.new_product_intelligence',
          { product, mode },
          contextFor(db, lang),
        );
        const files = await renderAll(buildDocument('report.new_product_intelligence', result, context));
        const md = files.md.toString();
        for (const c of result.demand_by_country) expect(md).toContain(f.int(c.purchasers));
        for (const s of result.component_suppliers) expect(md).toContain(s.name);
        expect((await pdfText(files.pdf, `np-${lang}-${mode}`)).length).toBeGreaterThan(200);
      }
    });
  },
);
