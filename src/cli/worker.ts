// `bizfn worker`: runs the job worker loop (jobs, webhooks, refunds, recovery) as its own process
// against the configured database, beside any number of API processes. Stops cleanly on a signal;
// a kill -9 only costs its jobs one lease, after which another worker takes them.
import type { Command } from 'commander';
import { ConfigError, loadConfig } from '../config/index.ts';
import { createStandalone } from '../runs/standalone.ts';
import { createService } from '../server.ts';

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('run async jobs, webhook deliveries and refund retries against the database')
    .option('--concurrency <n>', 'jobs run at once by this process', '4')
    .action(async (options: { concurrency: string }) => {
      let config: ReturnType<typeof loadConfig>;
      try {
        config = loadConfig();
      } catch (error) {
        if (error instanceof ConfigError) {
          process.stderr.write(`bizfn worker: ${error.message}\n`);
          process.exit(1);
        }
        throw error;
      }
      if (!config.DATABASE_URL) {
        // PGlite is one process's database: a second process opening its files would corrupt them.
        process.stderr.write(
          'bizfn worker: needs DATABASE_URL (PostgreSQL); with the embedded store the server runs the workers itself\n',
        );
        process.exit(1);
      }
      const concurrency = Number.parseInt(options.concurrency, 10);
      if (!Number.isInteger(concurrency) || concurrency < 1) {
        process.stderr.write('bizfn worker: --concurrency must be a positive integer\n');
        process.exit(1);
      }
      // The service's dependencies (database, engines, reports, logger) without listening on a port.
      const standalone = createStandalone();
      const service = await createService({ ...config, WORKERS: 'off' }, { standalone });
      const worker = standalone.startWorker(service.deps, { concurrency });
      process.stdout.write(`bizfn worker ${worker.id} running (concurrency ${concurrency})\n`);
      const stop = async (signal: string) => {
        service.deps.log.info({ signal }, 'worker stopping');
        await worker.stop();
        await service.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });
}
