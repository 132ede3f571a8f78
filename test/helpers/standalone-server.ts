// A child-process entry for crash tests and the webhook bench: the real service (createService,
// the standalone runner and its in-process worker) on the configured database. Prints one JSON
// line {url, admin_token} once it serves. Engines not yet registered are stood in for by a slow
// fake (STANDIN_MS), so a kill -9 can land while jobs run.
import { loadConfig } from '../../src/config/index.ts';
import { engineFor } from '../../src/engines/index.ts';
import { executeEngine } from '../../src/runs/index.ts';
import { createStandalone } from '../../src/runs/standalone.ts';
import { createService } from '../../src/server.ts';

const standInMs = Number(process.env.STANDIN_MS ?? 1_500);
const config = loadConfig();
const standalone = createStandalone({
  async execute(deps, input) {
    if (engineFor(input.service.code) || deps.faults.has(`engine:${input.service.code}`))
      return executeEngine(deps, input);
    await new Promise((resolve) => setTimeout(resolve, standInMs));
    const subject = String(input.payload.product ?? input.payload.industry ?? '');
    if (subject.includes('no-such')) return { kind: 'rejected', msg: `nothing known about "${subject}"` };
    return {
      kind: 'ok',
      result: { data_source: 'demo', subject, summary: `stand-in result for ${subject}` },
    };
  },
});
const service = await createService({ ...config, WORKERS: 'off' }, { standalone });
const url = await service.listen();
const worker = standalone.startWorker(service.deps, {
  leaseMs: Number(process.env.LEASE_MS ?? 2_000),
  pollMs: 100,
  refundSchedule: [200],
  recoverAfterMs: Number(process.env.RECOVER_AFTER_MS ?? 3_000),
  housekeepingMs: 500,
  reconcileAfterMs: Number(process.env.RECONCILE_AFTER_MS ?? 3_000),
});
service.onClose(() => worker.stop(2_000));
service.markReady();
process.stdout.write(`${JSON.stringify({ url, admin_token: service.deps.adminToken })}\n`);
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
