// Engine registry: one engine per service code, each in its own file. A code without an engine
// answers 500 engine_error (refunded), the contract's own failure path.
import type { ServiceCode } from '../catalog/index.ts';
import { brandCheck } from './brand-check.ts';
import { buyers } from './buyers.ts';
import { cnBuyers } from './cn-buyers.ts';
import { compareSuppliers } from './compare-suppliers.ts';
import { competitors } from './competitors.ts';
import { deepRiskCheck } from './deep-risk-check.ts';
import { industryOverview } from './industry-overview.ts';
import { market } from './market.ts';
import { naming } from './naming.ts';
import { newProductIntelligence } from './new-product-intelligence.ts';
import { provinceDecision } from './province.ts';
import { suppliers } from './suppliers.ts';
import { targetListExport } from './target-list-export.ts';
import type { Engine, EngineContext, EngineOutcome } from './types.ts';

/** Rebuilds the engines' aggregates for a dataset; loaders call it after a load (see stats.ts). */
export { ensureStats, refreshStats } from './stats.ts';
export type { Dataset, Engine, EngineContext, EngineOutcome } from './types.ts';
export { ok, reject } from './types.ts';

export type EngineRegistry = { readonly [C in ServiceCode]?: Engine<C> };

export const ENGINES: EngineRegistry = {
  'verify.brand_check': brandCheck,
  'verify.deep_risk_check': deepRiskCheck,
  'build.naming': naming,
  'discover.buyers': buyers,
  'discover.suppliers': suppliers,
  'discover.cn_buyers': cnBuyers,
  'discover.competitors': competitors,
  'decide.province': provinceDecision,
  'decide.compare_suppliers_5': compareSuppliers,
  'decide.market': market,
  'report.industry_overview': industryOverview,
  'report.new_product_intelligence': newProductIntelligence,
  'report.target_list_export': targetListExport,
};

/** An engine seen from the pipeline, which has already validated the payload for its code. */
export type AnyEngine = (payload: unknown, context: EngineContext) => Promise<EngineOutcome<unknown>>;

export function engineFor(code: string): AnyEngine | undefined {
  return ENGINES[code as ServiceCode] as AnyEngine | undefined;
}
