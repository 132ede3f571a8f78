// The one interface every engine implements: payload in, result out, or a rejection with a
// reason the caller can act on. A thrown error is an engine failure (500 engine_error, refunded).
import type { Lang, PayloadOf, ResultOf, ServiceCode } from '../catalog/index.ts';
import type { Queryable } from '../storage/index.ts';

/** Which business dataset a call reads. Sandbox keys always read the demo dataset. */
export type Dataset = 'demo' | 'operator';

export interface EngineContext {
  readonly db: Queryable;
  readonly lang: Lang;
  readonly dataset: Dataset;
  readonly now: Date;
}

export type EngineOutcome<R> =
  | { readonly kind: 'ok'; readonly result: R }
  | {
      readonly kind: 'rejected';
      /** Human-readable reason in the request's language; names what was not found. */
      readonly msg: string;
      /** The payload field at fault. */
      readonly field?: string;
      /** Closest matches the caller could retry with. */
      readonly suggestions?: readonly string[];
    };

export type Engine<C extends ServiceCode> = (
  payload: PayloadOf<C>,
  context: EngineContext,
) => Promise<EngineOutcome<ResultOf<C>>>;

export function ok<R>(result: R): EngineOutcome<R> {
  return { kind: 'ok', result };
}

export function reject(msg: string, details: { field?: string; suggestions?: readonly string[] } = {}) {
  return { kind: 'rejected', msg, ...details } as const;
}
