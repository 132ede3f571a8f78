// Shared tests over the catalog: every service is complete (price, schemas, engine, a case here),
// and each one runs through POST /run on a sandbox key and on a live key, with a result that
// matches its published schema, in zh and en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, type ServiceCode } from '../../src/catalog/index.ts';
import { ENGINES } from '../../src/engines/index.ts';
import { loadSmallDemo } from '../helpers/demo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let companies: string[];

/** A payload per service that the demo dataset can answer; company names are read from it. */
const CASES: Record<ServiceCode, () => Record<string, unknown>> = {
  'verify.brand_check': () => ({ brand: 'Lumina', markets: ['us_uk', 'cn'] }),
  'verify.deep_risk_check': () => ({ identifier: companies[0] }),
  'build.naming': () => ({ company: companies[1] }),
  'discover.buyers': () => ({ product: 'LED lights' }),
  'discover.suppliers': () => ({ product: '锂电池' }),
  'discover.cn_buyers': () => ({ industry: '纺织业', province: '浙江' }),
  'discover.competitors': () => ({ company: companies[2] }),
  'decide.province': () => ({ industry: 'textiles' }),
  'decide.compare_suppliers_5': () => ({ names: companies.slice(0, 3) }),
  'decide.market': () => ({ product: 'lithium battery' }),
  'report.industry_overview': () => ({ industry: '纺织业' }),
  'report.new_product_intelligence': () => ({ product: 'LED lights', mode: 'design' }),
  'report.target_list_export': () => ({ industry: '纺织业', min_insured: 2 }),
};

beforeAll(async () => {
  server = await startTestServer({
    env: { SPTOK_GRANT_BUSINESS: '1000000', RATE_LIMIT_BUSINESS_PER_MIN: '10000' },
  });
  await loadSmallDemo(server.db);
  const { rows } = await server.db.query<{ name: string }>(
    "SELECT name FROM companies WHERE dataset = 'demo' AND industry_code LIKE '1%' ORDER BY id LIMIT 3",
  );
  companies = rows.map((row) => row.name);
});
afterAll(async () => {
  await server.close();
});

describe('catalog drift', () => {
  it.each(SERVICES.map((service) => [service.code, service] as const))('%s is complete', (code, service) => {
    expect(service.usdCents).toBeGreaterThan(0);
    expect(service.pooled).toBe(service.usdCents <= 29_900);
    expect(service.result).toBeDefined();
    expect(Object.keys(service.payload.shape).length).toBeGreaterThan(0);
    expect(ENGINES[code], `${code} has no engine`).toBeTypeOf('function');
    expect(CASES[code], `${code} has no case in this file`).toBeTypeOf('function');
  });

  it('has exactly the 13 services of the contract, and async on the two slow ones only', () => {
    expect(SERVICES).toHaveLength(13);
    expect(SERVICES.filter((service) => service.async).map((s) => s.code)).toEqual([
      'report.new_product_intelligence',
      'report.target_list_export',
    ]);
    expect(SERVICES.filter((service) => !service.pooled).map((s) => s.code)).toEqual([
      'report.new_product_intelligence',
      'report.target_list_export',
    ]);
  });
});

describe.each(SERVICES.map((service) => [service.code, service] as const))(
  '%s through /run',
  (code, service) => {
    it('answers a sandbox key free, with a result matching its schema', async () => {
      const { key } = await server.account('free', { sandbox: true });
      const response = await server.call('POST', '/api/v1/business/run', {
        key,
        body: { service_code: code, payload: CASES[code]() },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ ok: true, sandbox: true, sptok_charged: 0 });
      expect(response.body.sandbox_note).toContain('19 of 20 free calls');
      const parsed = service.result.safeParse(response.body.result);
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
      expect(response.body.result.data_source).toBe('demo');
      if (code.startsWith('report.')) {
        // Files are never inlined: reports answer with links to the four formats.
        expect(Object.keys(response.body.result.download_urls).sort()).toEqual(['docx', 'md', 'pdf', 'txt']);
        const pdf = await fetch(response.body.result.download_urls.pdf, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
      }
    });

    it.runIf(service.pooled)(
      'charges a live key its price and answers in the requested language',
      async () => {
        const { key, accountId } = await server.account('business');
        const zh = await server.call('POST', '/api/v1/business/run', {
          key,
          body: { service_code: code, payload: CASES[code]() },
        });
        const en = await server.call('POST', '/api/v1/business/run', {
          key,
          body: { service_code: code, payload: CASES[code](), lang: 'en' },
        });
        expect(zh.status, JSON.stringify(zh.body)).toBe(200);
        expect(en.status).toBe(200);
        expect(zh.body.sptok_charged).toBe(service.usdCents);
        expect(service.result.safeParse(en.body.result).success).toBe(true);
        expect(await server.balance(accountId)).toBe(1_000_000 - 2 * service.usdCents);
        // The two languages give the same facts in different words.
        expect(JSON.stringify(en.body.result)).not.toEqual(JSON.stringify(zh.body.result));
      },
    );
  },
);
