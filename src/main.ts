// `npm start`: reads the environment, opens (and migrates) the store, loads the demo data on a
// first start, serves the API, and shuts down cleanly on SIGINT/SIGTERM.
import { createDemoAccountIfEmpty, loadDemoIfMissing } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import { systemClock } from './lib/time.ts';
import { warmUpReports } from './reports/index.ts';
import { createService } from './server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await createService(config);
  const { deps } = service;
  const url = await service.listen();

  const say = (line: string) => process.stdout.write(`${line}\n`);
  const loaded = await loadDemoIfMissing(deps.db, config, say);
  if (loaded) say(`demo dataset loaded: ${loaded.companies} companies in ${(loaded.ms / 1000).toFixed(1)} s`);
  const demo = await createDemoAccountIfEmpty(deps.db, config, systemClock);
  // Fonts load once, here, rather than inside the first paying caller's report.
  await warmUpReports();
  service.markReady();

  const lines = [
    `bizfn listening on ${url} (store: ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`})`,
  ];
  if (!config.ADMIN_TOKEN)
    lines.push(`admin token (generated for this run; set ADMIN_TOKEN to fix it): ${deps.adminToken}`);
  if (demo) {
    lines.push(
      'demo account created; these keys are shown once:',
      `  account:     ${demo.account_id}`,
      `  live key:    ${demo.live_key}   (tier business, funded)`,
      `  sandbox key: ${demo.sandbox_key}`,
      `try: curl -s ${url}/api/v1/business/services -H "Authorization: Bearer ${demo.sandbox_key}"`,
    );
  }
  // Printed to stdout, not the log: keys must never reach log storage.
  process.stdout.write(`${lines.join('\n')}\n`);

  const shutdown = async (signal: string) => {
    deps.log.info({ signal }, 'shutting down');
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`bizfn: ${error.message}\n`);
  } else {
    process.stderr.write(`bizfn: failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
