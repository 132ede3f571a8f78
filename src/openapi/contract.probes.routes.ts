// Probes for the routes owned outside the run pipeline: job status, checkout delivery and report
// download. Each is skipped (with the reason) until its route is registered on the server.
import {
  DELIVER,
  DOWNLOAD,
  JOB,
  NPI,
  type Probe,
  type ProbeContext,
  setup,
  TLE,
} from './contract.support.ts';

export function laterRouteProbes(context: ProbeContext): Probe[] {
  const { s, business, standalonePending, limitedKey, declined, paid, asyncJob } = setup(context);
  const deliver = (key: string | undefined, session: string) =>
    s().call('POST', `/api/v1/business/checkout/${session}/deliver`, { key });
  const download = (key: string | undefined, path: string) =>
    s().call('GET', `/api/v1/business/reports/${path}`, { key });
  /** GET an absolute download URL of this server with a key. */
  const fetchReport = (url: string, key?: string) => {
    const { pathname, search } = new URL(url);
    return s().call('GET', pathname + search, { key });
  };
  return [
    {
      operation: JOB,
      status: 200,
      pending: standalonePending,
      send: async () => {
        const { key, jobId } = await asyncJob();
        return s().call('GET', `/api/v1/business/jobs/${jobId}`, { key });
      },
    },
    {
      operation: JOB,
      status: 401,
      code: 'invalid_api_key',
      send: () => s().call('GET', '/api/v1/business/jobs/job_nothing'),
    },
    {
      operation: JOB,
      status: 403,
      code: 'not_your_job',
      pending: standalonePending,
      send: async () => {
        const { jobId } = await asyncJob();
        return s().call('GET', `/api/v1/business/jobs/${jobId}`, { key: await business() });
      },
    },
    {
      operation: JOB,
      status: 404,
      code: 'job_not_found',
      send: async () => s().call('GET', '/api/v1/business/jobs/job_nothing', { key: await business() }),
    },
    {
      operation: JOB,
      status: 429,
      code: 'rate_limited',
      send: async () => s().call('GET', '/api/v1/business/jobs/job_nothing', { key: await limitedKey() }),
    },
    {
      operation: DELIVER,
      status: 200,
      pending: () =>
        standalonePending() ?? (context.hasEngine(TLE) ? undefined : `no engine registered for ${TLE} yet`),
      send: async () => {
        const { key, session } = await paid(TLE, { industry: '纺织' });
        return deliver(key, session);
      },
    },
    {
      operation: DELIVER,
      status: 400,
      code: 'checkout_invalid',
      send: async () => deliver(await business(), 'not-a-session'),
    },
    {
      operation: DELIVER,
      status: 400,
      code: 'engine_rejected_input',
      pending: () =>
        standalonePending() ?? (context.hasEngine(TLE) ? undefined : `no engine registered for ${TLE} yet`),
      send: async () => {
        const { key, session } = await paid(TLE, { industry: 'zz-no-such-industry-zz' });
        return deliver(key, session);
      },
    },
    {
      operation: DELIVER,
      status: 401,
      code: 'invalid_api_key',
      send: () => deliver(undefined, 'cs_nothing'),
    },
    {
      operation: DELIVER,
      status: 402,
      code: 'checkout_pending',
      pending: standalonePending,
      send: async () => {
        const { key, response } = await declined();
        return deliver(key, response.body.checkout_session_id);
      },
    },
    {
      operation: DELIVER,
      status: 403,
      code: 'not_your_checkout',
      pending: standalonePending,
      send: async () => {
        const { session } = await paid();
        return deliver((await s().account('business')).key, session);
      },
    },
    {
      operation: DELIVER,
      status: 404,
      code: 'unknown_checkout_session',
      send: async () => deliver((await s().account('business')).key, 'cs_nothing'),
    },
    {
      operation: DELIVER,
      status: 429,
      code: 'rate_limited',
      send: async () => deliver(await limitedKey(), 'cs_nothing'),
    },
    {
      operation: DELIVER,
      status: 500,
      code: 'engine_error',
      pending: standalonePending,
      // NPI's engine is made to fail on the test server.
      send: async () => {
        const { key, session } = await paid(NPI);
        return deliver(key, session);
      },
    },
    {
      operation: DOWNLOAD,
      status: 200,
      send: async () => {
        const { key, urls } = await context.report();
        return fetchReport(urls.docx, key);
      },
    },
    {
      operation: DOWNLOAD,
      status: 400,
      code: 'bad_fmt',
      send: async () => download(await business(), 'industry_overview/forged/download?fmt=exe'),
    },
    {
      operation: DOWNLOAD,
      status: 401,
      code: 'invalid_api_key',
      send: () => download(undefined, 'industry_overview/x/download'),
    },
    {
      operation: DOWNLOAD,
      status: 403,
      code: 'not_your_report',
      send: async () => fetchReport((await context.report()).urls.pdf, await business()),
    },
    {
      operation: DOWNLOAD,
      status: 404,
      code: 'unknown_report_kind',
      send: async () => download(await business(), 'nothing/forged/download'),
    },
    {
      operation: DOWNLOAD,
      status: 404,
      code: 'report_not_found',
      send: async () => download(await business(), 'industry_overview/forged/download'),
    },
    {
      operation: DOWNLOAD,
      status: 404,
      code: 'file_missing',
      send: async () => {
        const { key, urls } = await context.report(true);
        await context.dropReportFiles();
        return fetchReport(urls.md, key);
      },
    },
    {
      operation: DOWNLOAD,
      status: 429,
      code: 'rate_limited',
      send: async () => download(await limitedKey(), 'industry_overview/forged/download'),
    },
  ];
}
