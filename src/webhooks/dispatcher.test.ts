import { verify as verifyGithubStyle } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { type Receiver, startReceiver } from '../../test/helpers/receiver.ts';
import { newId } from '../lib/ids.ts';
import { createDispatcher, type DispatcherOptions } from './dispatcher.ts';
import { callbackStateOf, claimDueDeliveries, enqueueDelivery } from './outbox.ts';
import { newCallbackSecret } from './sign.ts';

let db: TestDatabase;
let receiver: Receiver;
const closers: Array<() => void> = [];

beforeAll(async () => {
  db = await openTestDatabase();
  receiver = await startReceiver();
  await db.query("INSERT INTO accounts (id, name, tier) VALUES ('acct_wh', 'Webhooks', 'business')");
  await db.query(
    "INSERT INTO api_keys (id, account_id, key_hash, key_prefix, sandbox) VALUES ('key_wh', 'acct_wh', 'h', 'sk-live-', false)",
  );
});
afterAll(async () => {
  await receiver.close();
  await db.close();
});
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  // Each test starts with nothing due, whatever the previous one left retrying.
  await db.query("UPDATE webhook_deliveries SET status = 'exhausted' WHERE status IN ('pending', 'failed')");
  receiver.requests.length = 0;
  receiver.respond = () => 200;
});

/** A finished job row, as the worker leaves it, for the delivery to point at. */
async function finishedJob(): Promise<string> {
  const id = newId('job');
  await db.query(
    `INSERT INTO jobs (id, run_id, key_id, account_id, service_code, payload, lang, idempotency_key, status, result, finished_at)
     VALUES ($1, $2, 'key_wh', 'acct_wh', 'report.new_product_intelligence', '{}', 'en', $3, 'succeeded', '{}', now())`,
    [id, newId('run'), newId('run')],
  );
  return id;
}

function dispatcher(overrides: Partial<DispatcherOptions> = {}) {
  const created = createDispatcher({
    db,
    schedule: [50, 50],
    timeoutMs: 2_000,
    allowHosts: ['localhost'],
    ca: receiver.cert.cert,
    ...overrides,
  });
  closers.push(() => created.close());
  // Each round here waits for its attempts, so the test reads settled state.
  return {
    async runOnce() {
      await created.sweep();
      const started = await created.runOnce();
      await created.idle();
      return started;
    },
  };
}

async function queued(url = receiver.url) {
  const jobId = await finishedJob();
  const secret = newCallbackSecret();
  const body = JSON.stringify({ event: 'job.succeeded', job_id: jobId, ok: true, result: { a: '中文' } });
  const eventId = await enqueueDelivery(db, { jobId, url, secret, body, schedule: [50, 50] });
  return { jobId, secret, body, eventId };
}

/** Runs rounds until nothing is left to do now or later (the schedule here is 50 ms). */
async function drain(d: { runOnce(): Promise<number> }, rounds = 20) {
  for (let i = 0; i < rounds; i++) {
    await d.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
}

describe(`webhook delivery (${process.env.BIZFN_TEST_DB ?? 'pglite'})`, () => {
  it('delivers once, signed both ways, verified by libraries we did not write', async () => {
    const { jobId, secret, body, eventId } = await queued();
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'pending', callback_attempts: 0 });
    expect(await dispatcher().runOnce()).toBe(1);
    const [request] = await receiver.waitFor(1);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hook');
    expect(request!.body).toBe(body);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-service-job-id']).toBe(jobId);
    expect(
      await verifyGithubStyle(secret, request!.body, String(request!.headers['x-service-signature'])),
    ).toBe(true);
    const headers = request!.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(eventId);
    expect(new Webhook(secret).verify(request!.body, headers)).toEqual(JSON.parse(body));
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'delivered', callback_attempts: 1 });
  });

  it('retries a non-2xx answer on the schedule with the same webhook-id, then delivers', async () => {
    const { jobId, secret } = await queued();
    let calls = 0;
    receiver.respond = () => (++calls === 1 ? 503 : 204);
    const d = dispatcher({ schedule: [400, 50] });
    await d.runOnce();
    await receiver.waitFor(1);
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'failed', callback_attempts: 1 });
    expect(await d.runOnce()).toBe(0); // not due for 400 ms
    await new Promise((resolve) => setTimeout(resolve, 420));
    await drain(d, 3);
    const requests = await receiver.waitFor(2);
    expect(requests[0]!.headers['webhook-id']).toBe(requests[1]!.headers['webhook-id']);
    expect(
      new Webhook(secret).verify(requests[1]!.body, requests[1]!.headers as Record<string, string>),
    ).toBeTruthy();
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'delivered', callback_attempts: 2 });
  });

  it('exhausts after schedule+1 attempts', async () => {
    const { jobId } = await queued();
    receiver.respond = () => 500;
    await drain(dispatcher());
    expect(receiver.requests).toHaveLength(3);
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'exhausted', callback_attempts: 3 });
    const { rows } = await db.query<{ last_status_code: number; last_error: string }>(
      'SELECT last_status_code, last_error FROM webhook_deliveries WHERE job_id = $1',
      [jobId],
    );
    expect(rows[0]).toMatchObject({ last_status_code: 500, last_error: 'HTTP 500: ok' });
  });

  it('does not follow redirects', async () => {
    const { jobId } = await queued();
    receiver.respond = (request, res) => {
      if (request.path === '/hook') {
        res.writeHead(307, { location: `https://localhost:${receiver.port}/elsewhere` }).end();
        return 'handled';
      }
      return 200;
    };
    await dispatcher().runOnce();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hook']);
    expect(await callbackStateOf(db, jobId)).toMatchObject({ callback_status: 'failed' });
  });

  it('times out a receiver that never answers', async () => {
    const { jobId } = await queued();
    receiver.respond = () => 'handled'; // never ends the response
    const started = Date.now();
    await dispatcher({ timeoutMs: 300 }).runOnce();
    expect(Date.now() - started).toBeLessThan(2_000);
    const { rows } = await db.query<{ last_error: string }>(
      'SELECT last_error FROM webhook_deliveries WHERE job_id = $1',
      [jobId],
    );
    expect(rows[0]!.last_error).toMatch(/timed out after 300 ms/);
  });

  it('stops reading an endless answer after a few KB', async () => {
    const { jobId } = await queued();
    receiver.respond = (_request, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (res.write(chunk)) {
          /* keep writing until backpressure */
        }
      };
      res.on('drain', pump);
      pump();
      return 'handled';
    };
    await dispatcher({ timeoutMs: 5_000 }).runOnce();
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'delivered', callback_attempts: 1 });
  });

  it('checks the address again at delivery time', async () => {
    // Accepted earlier (say the name then resolved to a public address); now it resolves to loopback.
    const { jobId } = await queued(`https://vm:${receiver.port}/hook`);
    await dispatcher({ allowHosts: [] }).runOnce();
    expect(receiver.requests).toHaveLength(0);
    const { rows } = await db.query<{ last_error: string }>(
      'SELECT last_error FROM webhook_deliveries WHERE job_id = $1',
      [jobId],
    );
    expect(rows[0]!.last_error).toMatch(/target refused/);
  });

  it('picks up an attempt whose process died, once its lease runs out', async () => {
    const { jobId } = await queued();
    const claimed = await claimDueDeliveries(db, 10, 200); // a process claims it, then dies
    expect(claimed.map((row) => row.job_id)).toContain(jobId);
    const d = dispatcher();
    expect(await d.runOnce()).toBe(0); // still leased
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await d.runOnce()).toBe(1);
    expect(await callbackStateOf(db, jobId)).toEqual({ callback_status: 'delivered', callback_attempts: 2 });
  });
});
