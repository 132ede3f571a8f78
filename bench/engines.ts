// `npm run bench:engines`: p50 and p95 of every engine over the demo dataset at scale (default
// 1,000,000 companies), on PGlite and on PostgreSQL. The dataset is loaded once per database and
// kept (PGlite in BENCH_DATA_DIR, PostgreSQL in BENCH_DATABASE_URL), so later runs only measure.
// Goals (issue 3): discover and decide under 150 ms at p95, report contents under 1 s.
// Options: --companies N, --db pglite|postgres|both, --rounds N, --only <code prefix>.
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findService, type Lang, SERVICE_CODES, type ServiceCode } from '../src/catalog/index.ts';
import { demoSize, loadDemo } from '../src/data/demo/load.ts';
import { type AnyEngine, engineFor, refreshStats } from '../src/engines/index.ts';
import { type Database, migrate, openPglite, openPostgres } from '../src/storage/index.ts';

const { values: args } = parseArgs({
  options: {
    companies: { type: 'string', default: process.env.BENCH_COMPANIES ?? '1000000' },
    db: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '40' },
    only: { type: 'string' },
  },
});
const COMPANIES = Number(args.companies);
const ROUNDS = Number(args.rounds);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? `./data/bench-${COMPANIES}`;
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/bizfn_bench_${COMPANIES}`;
const NOW = new Date('2025-06-30T12:00:00Z');

async function ensurePgDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

async function open(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    await mkdir(DATA_DIR, { recursive: true });
    return openPglite(DATA_DIR);
  }
  await ensurePgDatabase(PG_URL);
  return openPostgres(PG_URL, { max: 4 });
}

/** Loads the demo dataset at the wanted size unless it is there, then builds the aggregates. */
async function prepare(db: Database, kind: string): Promise<void> {
  await migrate(db);
  if ((await demoSize(db)) !== COMPANIES) {
    const started = Date.now();
    let last = 0;
    await loadDemo(db, {
      companies: COMPANIES,
      onProgress: (done, total) => {
        if (done - last >= total / 20 || done === total) {
          last = done;
          process.stderr.write(
            `[${kind}] loaded ${done}/${total} companies, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
          );
        }
      },
    });
    const t0 = Date.now();
    await refreshStats(db, 'demo');
    process.stderr.write(
      `[${kind}] load ${((t0 - started) / 1000).toFixed(0)} s, aggregates ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
    );
  } else {
    const t0 = Date.now();
    const { ensureStats } = await import('../src/engines/stats.ts');
    await ensureStats(db, 'demo');
    process.stderr.write(`[${kind}] dataset present; aggregates checked in ${Date.now() - t0} ms\n`);
  }
}

/** Realistic inputs per function, drawn from the loaded data (companies) or the vocabularies. */
async function payloads(db: Database): Promise<Record<ServiceCode, unknown[]>> {
  const names = (
    await db.query<{ name: string }>(
      `SELECT name FROM companies WHERE dataset = 'demo' AND id IN (SELECT (1 + (i * 7919) % $1)::bigint FROM generate_series(1, 40) i)
       ORDER BY id`,
      [COMPANIES],
    )
  ).rows.map((r) => r.name);
  const usccs = (
    await db.query<{ uscc: string }>(
      `SELECT uscc FROM companies WHERE dataset = 'demo' AND id <= 20 ORDER BY id`,
    )
  ).rows.map((r) => r.uscc);
  const marks = (
    await db.query<{ mark: string }>(
      `SELECT mark FROM trademarks WHERE dataset = 'demo' AND id <= 20 ORDER BY id`,
    )
  ).rows.map((r) => r.mark);
  const products = [
    'LED灯',
    'solar panels',
    '蓝牙耳机',
    'office chairs',
    '锂电池',
    'T恤',
    'furniture',
    '轴承',
    'toys',
    '陶瓷砖',
  ];
  const industries = [
    '五金',
    'electronics',
    '纺织',
    '化工',
    '家具',
    'machinery',
    '服装',
    '39',
    '电气',
    'plastics',
  ];
  const provinces = ['浙江', 'Guangdong', '江苏', '山东', undefined];
  const at = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const many = <T>(make: (i: number) => T) => Array.from({ length: 20 }, (_, i) => make(i));
  return {
    'verify.brand_check': many((i) => ({ brand: i % 2 ? at(marks, i) : `${at(marks, i)}x` })),
    'verify.deep_risk_check': many((i) => ({ identifier: i % 2 ? at(usccs, i) : at(names, i) })),
    'build.naming': many((i) => ({ company: at(names, i) })),
    'discover.buyers': many((i) => ({ product: at(products, i), province: at(provinces, i) })),
    'discover.suppliers': many((i) => ({ product: at(products, i), province: at(provinces, i) })),
    'discover.cn_buyers': many((i) => ({ industry: at(industries, i), province: at(provinces, i) })),
    'discover.competitors': many((i) => ({ company: at(names, i), same_province_only: i % 3 === 0 })),
    'decide.province': many((i) => ({ industry: at(industries, i) })),
    'decide.compare_suppliers_5': many((i) => ({ names: names.slice(i, i + 2 + (i % 4)) })),
    'decide.market': many((i) => ({ product: at(products, i) })),
    'report.industry_overview': many((i) => ({
      industry: at(industries, i),
      province: at(provinces, i + 1),
    })),
    'report.new_product_intelligence': many((i) => ({
      product: at(products, i),
      mode: i % 2 ? 'deconstruct' : 'design',
    })),
    'report.target_list_export': many((i) => ({
      industry: at(industries, i),
      province: at(provinces, i),
      tiers: i % 3 ? undefined : ['high_tech'],
    })),
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

interface Row {
  code: ServiceCode;
  p50: number;
  p95: number;
  goal: number;
  rejected: number;
}

async function measure(db: Database): Promise<Row[]> {
  const inputs = await payloads(db);
  const rows: Row[] = [];
  for (const code of SERVICE_CODES) {
    if (args.only && !code.startsWith(args.only)) continue;
    const engine: AnyEngine | undefined = engineFor(code);
    if (!engine) continue;
    const service = findService(code)!;
    const list = inputs[code];
    const times: number[] = [];
    let rejected = 0;
    for (let i = -3; i < ROUNDS; i++) {
      const lang: Lang = i % 2 ? 'en' : 'zh';
      const payload = service.payload.parse(list[(i + list.length) % list.length]);
      const t0 = performance.now();
      const outcome = await engine(payload, { db, lang, dataset: 'demo', now: NOW });
      const elapsed = performance.now() - t0;
      if (i < 0) continue; // warm-up
      times.push(elapsed);
      if (outcome.kind === 'rejected') rejected++;
    }
    times.sort((a, b) => a - b);
    const goal = code.startsWith('report.')
      ? 1_000
      : code.startsWith('discover.') || code.startsWith('decide.')
        ? 150
        : 1_000;
    rows.push({ code, p50: percentile(times, 0.5), p95: percentile(times, 0.95), goal, rejected });
  }
  return rows;
}

function table(kind: string, rows: readonly Row[]): string {
  const lines = [
    `\n${kind}, ${COMPANIES.toLocaleString('en-US')} companies, ${ROUNDS} calls each (zh/en alternating)\n`,
    '| function | p50 ms | p95 ms | goal p95 | rejected |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.code} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p95 <= r.goal ? '✓' : '✗'} < ${r.goal} | ${r.rejected} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const kinds =
    args.db === 'both' ? (['pglite', 'postgres'] as const) : ([args.db as 'pglite' | 'postgres'] as const);
  let failed = false;
  for (const kind of kinds) {
    const db = await open(kind);
    try {
      await prepare(db, kind);
      const rows = await measure(db);
      console.log(table(kind, rows));
      failed ||= rows.some((r) => r.p95 > r.goal);
    } finally {
      await db.close();
    }
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
