// Shared setup of the contract probes: the probe shape, the operations, and requests that put
// the server into a state (a used-up rate limit, a declined card, a queued job, a paid checkout).
import type { TestServer } from '../../test/helpers/server.ts';
import type { ErrorCode } from '../lib/errors.ts';

export type Response = Awaited<ReturnType<TestServer['call']>>;

export interface Probe {
  readonly operation: string;
  readonly status: number;
  readonly code?: ErrorCode;
  readonly label?: string;
  /** Why the probe cannot run yet, if so. */
  readonly pending?: () => string | undefined;
  readonly send: () => Promise<Response>;
}

export interface ProbeContext {
  server(): TestServer;
  /** The 409 call started before the probes (it waits 10 s for a claimed key). */
  inUse(): Promise<Response>;
  /** A pooled code whose engine fails (fault injection). */
  failingCode: string;
  hasEngine(code: string): boolean;
  /** A second server on the same database whose payment backend is down. */
  paymentsDown(): TestServer;
  /** A rendered report owned by its own business key (shared between probes unless fresh). */
  report(fresh?: boolean): Promise<{ key: string; urls: Record<'pdf' | 'docx' | 'md' | 'txt', string> }>;
  /** Deletes every stored report file (the rows stay), as a lost disk would. */
  dropReportFiles(): Promise<void>;
}

export const RUN = 'POST /api/v1/business/run';
export const JOB = 'GET /api/v1/business/jobs/{job_id}';
export const SERVICES = 'GET /api/v1/business/services';
export const DELIVER = 'POST /api/v1/business/checkout/{session_id}/deliver';
export const DOWNLOAD = 'GET /api/v1/business/reports/{kind}/{sig}/download';

/** The standalone codes: NPI's engine is made to fail on the test server, TLE's is left alone. */
export const NPI = 'report.new_product_intelligence';
export const TLE = 'report.target_list_export';

/** The test server's RATE_LIMIT_MAX_PER_MIN. */
export const RATE_LIMIT_MAX_PER_MIN = 3;

export function setup(context: ProbeContext) {
  const s = () => context.server();
  const run = (key: string | undefined, body: unknown) =>
    s().call('POST', '/api/v1/business/run', { key, body });
  const business = async () => (await s().account('business')).key;
  const standalonePending = () =>
    s().service.deps.standalone
      ? undefined
      : 'standalone runner (payments and jobs) not wired into the server yet';
  const withoutEngine = (code: string) => () =>
    context.hasEngine(code) ? undefined : `no engine registered for ${code} yet`;
  /** A key that has used up its rate limit (max tier). */
  const limitedKey = async () => {
    const { key } = await s().account('max');
    for (let i = 0; i < RATE_LIMIT_MAX_PER_MIN; i++) {
      await s().call('GET', '/api/v1/business/services', { key });
    }
    return key;
  };
  /** A standalone call whose saved card is declined: the ok:false body with its checkout session. */
  const declined = async (code: string = NPI, payload: object = { product: 'LED' }) => {
    const { key, accountId } = await s().account('business');
    await s().admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'decline' });
    const response = await run(key, { service_code: code, payload });
    return { key, response };
  };
  /** Declined, then paid at its checkout_url: a session ready to deliver. */
  const paid = async (code: string = NPI, payload: object = { product: 'LED' }) => {
    const { key, response } = await declined(code, payload);
    const pay = await fetch(`${response.body.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
    if (pay.status >= 400) throw new Error(`checkout payment failed: ${pay.status}`);
    return { key, session: response.body.checkout_session_id as string };
  };
  const asyncJob = async () => {
    const { key, accountId } = await s().account('business');
    await s().admin('PUT', `/admin/v1/accounts/${accountId}/payment-method`, { behavior: 'succeed' });
    const response = await run(key, {
      service_code: 'report.target_list_export',
      payload: { industry: '纺织' },
      async: true,
    });
    return { key, jobId: response.body.job_id as string };
  };
  return { s, run, business, standalonePending, withoutEngine, limitedKey, declined, paid, asyncJob };
}
