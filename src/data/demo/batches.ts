// The demo batches, generated on a worker thread when one can start (generation then runs on the
// second core while the database writes on the first), else on this thread.
import { Worker } from 'node:worker_threads';
import { type DemoBatch, type DemoOptions, generateDemo } from './generate.ts';

export async function* demoBatches(options: DemoOptions): AsyncGenerator<DemoBatch> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: options });
  } catch {
    yield* generateDemo(options);
    return;
  }
  const queue: (DemoBatch | null)[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  worker.on('message', (batch: DemoBatch | null) => {
    queue.push(batch);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && !failure) failure = new Error(`demo generator worker exited with code ${code}`);
    wake?.();
  });
  let received = 0;
  try {
    for (;;) {
      while (queue.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (queue.length === 0 && failure) {
        // Nothing came through: generate here instead; anything else is a real failure.
        if (received === 0) {
          yield* generateDemo(options);
          return;
        }
        throw failure;
      }
      const batch = queue.shift()!;
      if (batch === null) return;
      received++;
      yield batch;
      worker.postMessage('ack');
    }
  } finally {
    await worker.terminate();
  }
}
