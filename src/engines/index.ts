// Engine registry: one engine per service code, each in its own file. A code without an engine
// answers 500 engine_error (refunded), the contract's own failure path.
import type { ServiceCode } from '../catalog/index.ts';
import type { Engine, EngineContext, EngineOutcome } from './types.ts';

export type { Dataset, Engine, EngineContext, EngineOutcome } from './types.ts';
export { ok, reject } from './types.ts';

export type EngineRegistry = { readonly [C in ServiceCode]?: Engine<C> };

export const ENGINES: EngineRegistry = {};

/** An engine seen from the pipeline, which has already validated the payload for its code. */
export type AnyEngine = (payload: unknown, context: EngineContext) => Promise<EngineOutcome<unknown>>;

export function engineFor(code: string): AnyEngine | undefined {
  return ENGINES[code as ServiceCode] as AnyEngine | undefined;
}
