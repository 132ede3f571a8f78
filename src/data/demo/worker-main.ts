// Runs generateDemo in a worker thread and posts its batches to the loader, at most two ahead of
// the loader's acknowledgements, so that generation overlaps database writes without piling up.
import { parentPort, workerData } from 'node:worker_threads';
import { type DemoOptions, generateDemo } from './generate.ts';

const port = parentPort!;
let acknowledged = 0;
let wake: (() => void) | undefined;
port.on('message', () => {
  acknowledged++;
  wake?.();
});

let sent = 0;
for (const batch of generateDemo(workerData as DemoOptions)) {
  while (sent - acknowledged >= 2) await new Promise<void>((resolve) => (wake = resolve));
  port.postMessage(batch);
  sent++;
}
port.postMessage(null);
