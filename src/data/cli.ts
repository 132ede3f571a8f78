// `bizfn data demo` and `bizfn data import`: load the demo dataset or an operator's files straight
// into the configured database (DATABASE_URL, else PGlite in DATA_DIR), with a progress bar, then
// rebuild the engines' aggregates for the dataset that changed.
import { basename } from 'node:path';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { loadConfig } from '../config/index.ts';
import { refreshStats } from '../engines/index.ts';
import { openMigratedDatabase } from '../storage/index.ts';
import { loadDemo } from './demo/load.ts';
import { importDirectory } from './import/importer.ts';

function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`${name} must be a positive whole number, not "${value}"`);
    return n;
  };
}

function bar(format: string): SingleBar {
  return new SingleBar({
    format,
    hideCursor: true,
    clearOnComplete: false,
    noTTYOutput: !process.stderr.isTTY,
    notTTYSchedule: 5000,
    stream: process.stderr,
  });
}

export function registerDataCommands(program: Command): void {
  const data = program
    .command('data')
    .description(
      'load business data into the store directly (PGlite is single-process: stop the service first unless DATABASE_URL is set)',
    );

  data
    .command('demo')
    .description('generate the synthetic demo dataset and load it, replacing any previous demo data')
    .option('--companies <n>', 'number of companies', positiveInt('--companies'), 50_000)
    .option('--seed <n>', 'random seed (same seed and size give the same data)', positiveInt('--seed'))
    .action(async (options: { companies: number; seed?: number }) => {
      const db = await openMigratedDatabase(loadConfig());
      const progress = bar(
        'demo data [{bar}] {percentage}% | {value}/{total} companies | {duration_formatted}',
      );
      progress.start(options.companies, 0);
      try {
        const result = await loadDemo(db, {
          companies: options.companies,
          seed: options.seed,
          onProgress: (done) => progress.update(done),
        });
        progress.stop();
        process.stderr.write('rebuilding engine aggregates ...\n');
        await refreshStats(db, 'demo');
        const rows = Object.entries(result.rows)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ');
        process.stdout.write(`loaded the demo dataset in ${(result.ms / 1000).toFixed(1)} s: ${rows}\n`);
      } finally {
        progress.stop();
        await db.close();
      }
    });

  data
    .command('import')
    .description('import operator data from CSV or JSONL files (see docs/data-import.md)')
    .requiredOption(
      '--dir <dir>',
      'directory holding companies.csv|jsonl, trademarks..., risk_records..., and so on',
    )
    .action(async (options: { dir: string }) => {
      const db = await openMigratedDatabase(loadConfig());
      let progress: SingleBar | undefined;
      try {
        const report = await importDirectory(db, options.dir, {
          onFile(file, bytes) {
            progress?.stop();
            progress = bar(`${basename(file).padEnd(22)} [{bar}] {percentage}% | {value}/{total} bytes`);
            progress.start(bytes, 0);
          },
          onProgress: (_file, bytes) => progress?.update(bytes),
        });
        progress?.update(progress.getTotal());
        progress?.stop();
        if (report.files.length === 0)
          process.stderr.write(`no import files in ${options.dir} (see docs/data-import.md)\n`);
        for (const file of report.files) {
          const state = file.committed
            ? `${file.written} rows written`
            : 'NOT LOADED (nothing from this file was committed)';
          process.stdout.write(`${basename(file.file)}: ${file.records} records, ${state}\n`);
          for (const problem of file.problems)
            process.stdout.write(`  ${problem.file}:${problem.line}: ${problem.reason}\n`);
        }
        if (report.files.some((file) => file.written > 0)) {
          process.stderr.write('rebuilding engine aggregates ...\n');
          await refreshStats(db, 'operator');
        }
        process.stdout.write(`operator dataset: ${report.companies} companies\n`);
        process.exitCode = report.ok ? 0 : 1;
      } finally {
        progress?.stop();
        await db.close();
      }
    });
}
