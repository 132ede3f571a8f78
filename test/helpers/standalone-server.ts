// A child-process entry for the crash test: the real service (createService, the standalone runner
// and its in-process worker) on the configured database, with short leases. Prints one JSON line
// {url, admin_token} once it serves. Every engine call takes at least WORK_MS, so that a kill -9
// lands while jobs run.
import { loadConfig } from '../../src/config/index.ts';
import { executeEngine } from '../../src/runs/index.ts';
import { createStandalone } from '../../src/runs/standalone.ts';
import { createService } from '../../src/server.ts';

const workMs = Number(process.env.WORK_MS ?? 1_500);
const config = loadConfig();
const standalone = createStandalone({
  async execute(deps, input) {
    await new Promise((resolve) => setTimeout(resolve, workMs));
    return executeEngine(deps, input);
  },
});
const service = await createService({ ...config, WORKERS: 'off' }, { standalone });
const url = await service.listen();
// NO_WORKER=1: an API process only; separate `bizfn worker` processes do the work.
if (process.env.NO_WORKER !== '1') {
  const worker = standalone.startWorker(service.deps, {
    leaseMs: Number(process.env.LEASE_MS ?? 2_000),
    pollMs: 100,
    refundSchedule: [200],
    recoverAfterMs: Number(process.env.RECOVER_AFTER_MS ?? 3_000),
    housekeepingMs: 500,
    reconcileAfterMs: Number(process.env.RECONCILE_AFTER_MS ?? 3_000),
  });
  service.onClose(() => worker.stop(2_000));
}
service.markReady();
process.stdout.write(`${JSON.stringify({ url, admin_token: service.deps.adminToken })}\n`);
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
