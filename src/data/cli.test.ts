// The data commands as an operator runs them: a separate process on a PGlite DATA_DIR.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUscc } from './uscc.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../cli/index.ts');
let dir: string;

async function bizfn(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: join(dir, 'store'), DATABASE_URL: '', LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bizfn-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('bizfn data', () => {
  it('imports files and exits 0; names a bad row and exits 1', async () => {
    const good = join(dir, 'good');
    const bad = join(dir, 'bad');
    await run('mkdir', ['-p', good, bad]);
    await writeFile(
      join(good, 'companies.csv'),
      `uscc,name,province_code,industry_code\n${makeUscc('330000', 9)},杭州明远软件有限公司,浙江,65\n`,
    );
    await writeFile(
      join(bad, 'companies.jsonl'),
      '{"uscc":"123","name":"x","province_code":"浙江","industry_code":"65"}\n',
    );
    const ok = await bizfn('data', 'import', '--dir', good);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('companies.csv: 1 records, 1 rows written');
    expect(ok.stdout).toContain('operator dataset: 1 companies');
    const failed = await bizfn('data', 'import', '--dir', bad);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`${join(bad, 'companies.jsonl')}:1: uscc: invalid USCC "123"`);
  }, 120_000);

  it('loads a demo dataset of the asked size', async () => {
    const result = await bizfn('data', 'demo', '--companies', '500');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/loaded the demo dataset in [\d.]+ s: companies 500,/);
  }, 120_000);
});
