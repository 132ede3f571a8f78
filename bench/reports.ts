// `npm run bench:reports`: time to render all four formats (pdf, docx, md, txt) of each report
// kind, in zh and en, from the structured result to bytes. Goals from issue 6: the industry
// overview under 1 s, a 30-company target list under 5 s. Exits non-zero when a goal is missed.
import type { Lang } from '../src/catalog/index.ts';
import {
  buildDocument,
  RENDERERS,
  REPORT_FORMATS,
  type ReportFormat,
  type ReportServiceCode,
} from '../src/reports/index.ts';
import { industryOverviewSample, newProductSample, targetListSample } from '../src/reports/samples.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Case {
  name: string;
  code: ReportServiceCode;
  result: (lang: Lang) => unknown;
  goalMs: number | null;
}

const CASES: Case[] = [
  {
    name: 'industry_overview (31 provinces, 20 leaders, 10 years)',
    code: 'report.industry_overview',
    result: (lang) => industryOverviewSample(lang, { provinces: 31, leaders: 20 }),
    goalMs: 1_000,
  },
  {
    name: 'target_list (30 companies)',
    code: 'report.target_list_export',
    result: (lang) => targetListSample(lang, 30),
    goalMs: 5_000,
  },
  {
    name: 'new_product_intelligence',
    code: 'report.new_product_intelligence',
    result: newProductSample,
    goalMs: null,
  },
];

/** Renders the formats one after another (as the pipeline does) and times each. */
async function once(
  c: Case,
  lang: Lang,
): Promise<{ total: number; formats: Record<ReportFormat, number>; bytes: number }> {
  const start = performance.now();
  const doc = buildDocument(c.code, c.result(lang), { lang, generatedAt: new Date() });
  const formats = {} as Record<ReportFormat, number>;
  let bytes = 0;
  for (const format of REPORT_FORMATS) {
    const t0 = performance.now();
    bytes += (await RENDERERS[format].render(doc)).length;
    formats[format] = performance.now() - t0;
  }
  return { total: performance.now() - start, formats, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;

async function main(): Promise<void> {
  // The first render loads and parses the font files; a server pays that once at start.
  const coldStart = performance.now();
  await once(CASES[0]!, 'zh');
  console.log(`cold start (font load + first render): ${ms(performance.now() - coldStart)}\n`);

  let missed = 0;
  console.log(`${'report'.padEnd(58)}lang   median      max    pdf   docx     md    txt   size`);
  for (const c of CASES) {
    for (const lang of ['zh', 'en'] as const) {
      const runs: Awaited<ReturnType<typeof once>>[] = [];
      for (let i = 0; i < ROUNDS; i++) runs.push(await once(c, lang));
      const totals = runs.map((r) => r.total);
      const med = median(totals);
      const max = Math.max(...totals);
      const per = REPORT_FORMATS.map((f) =>
        median(runs.map((r) => r.formats[f]))
          .toFixed(0)
          .padStart(6),
      ).join(' ');
      // Judged on the median: one slow round on a busy machine says more about the machine.
      const verdict =
        c.goalMs === null
          ? ''
          : med < c.goalMs
            ? `  ok (< ${c.goalMs} ms)`
            : `  MISSED (goal ${c.goalMs} ms)`;
      if (c.goalMs !== null && med >= c.goalMs) missed++;
      console.log(
        `${c.name.padEnd(58)}${lang.padEnd(4)} ${ms(med)} ${ms(max)} ${per} ${(runs[0]!.bytes / 1024).toFixed(0).padStart(5)} KB${verdict}`,
      );
    }
  }
  if (missed > 0) {
    console.error(`\n${missed} goal(s) missed`);
    process.exitCode = 1;
  }
}

await main();
