// The catalog: the 13 services, declared once. Validation, pricing, /services, OpenAPI, MCP and
// the per-service tests are all loops over SERVICES; no other file lists the codes.
import type { z } from 'zod';
import type { ServiceDefinition } from './define.ts';
import { naming } from './services/build.ts';
import { compareSuppliers, market, provinceDecision } from './services/decide.ts';
import { buyers, cnBuyers, competitors, suppliers } from './services/discover.ts';
import { industryOverview, newProductIntelligence, targetListExport } from './services/report.ts';
import { brandCheck, deepRiskCheck } from './services/verify.ts';

export type { Category, ServiceDefinition } from './define.ts';
export { POOL_THRESHOLD_CENTS } from './define.ts';
export * from './vocab.ts';

export const SERVICES = [
  brandCheck,
  deepRiskCheck,
  naming,
  buyers,
  suppliers,
  cnBuyers,
  competitors,
  provinceDecision,
  compareSuppliers,
  market,
  industryOverview,
  newProductIntelligence,
  targetListExport,
] as const;

type AnyService = (typeof SERVICES)[number];
export type ServiceCode = AnyService['code'];
export type ServiceOf<C extends ServiceCode> = Extract<AnyService, { code: C }>;
export type PayloadOf<C extends ServiceCode> = z.output<ServiceOf<C>['payload']>;
export type ResultOf<C extends ServiceCode> = z.output<ServiceOf<C>['result']>;

export const SERVICE_CODES: readonly ServiceCode[] = SERVICES.map((service) => service.code);
export const ASYNC_CODES: readonly ServiceCode[] = SERVICES.filter((service) => service.async).map(
  (s) => s.code,
);

const byCode = new Map<string, AnyService>(SERVICES.map((service) => [service.code, service]));

export function findService(code: string): AnyService | undefined {
  return byCode.get(code);
}

export function isServiceCode(code: string): code is ServiceCode {
  return byCode.has(code);
}

/** spTok price of a service at the configured rate (integer; prices are whole cents). */
export function sptokPrice(service: Pick<ServiceDefinition, 'usdCents'>, sptokPerUsd: number): number {
  return (service.usdCents * sptokPerUsd) / 100;
}

/** Field name -> description, for the /services listing. */
export function payloadDoc(service: Pick<ServiceDefinition, 'payload'>): Record<string, string> {
  const doc: Record<string, string> = {};
  for (const [field, schema] of Object.entries(service.payload.shape)) {
    const described = schema as z.ZodType;
    const optional = described.safeParse(undefined).success;
    doc[field] = `${described.description ?? field}${optional ? ' (optional)' : ' (required)'}`;
  }
  return doc;
}
