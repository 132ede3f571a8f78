// The shape of one service declaration. Everything that lists, validates, prices or documents a
// service (/services, /run, OpenAPI, MCP, tests) reads these declarations and nothing else.
import type { z } from 'zod';

export type Category = 'verify' | 'build' | 'discover' | 'decide' | 'standalone';

/** Any price above this (in US cents) is billed standalone, never from the pool (the "v3.1 rule"). */
export const POOL_THRESHOLD_CENTS = 29_900;

export interface ServiceDefinition<
  Code extends string = string,
  Payload extends z.ZodObject = z.ZodObject,
  Result extends z.ZodType = z.ZodType,
> {
  readonly code: Code;
  readonly title: { readonly zh: string; readonly en: string };
  /** One line for listings, OpenAPI and MCP tool descriptions. */
  readonly summary: string;
  /** Price in US cents: integers only. */
  readonly usdCents: number;
  readonly category: Category;
  /** Billed from the monthly spTok pool (derived from the price threshold). */
  readonly pooled: boolean;
  /** Accepts async: true (returns 202 and a job). */
  readonly async: boolean;
  readonly typicalDuration: string;
  /** The `note` of the /services listing. */
  readonly note: string;
  readonly payload: Payload;
  readonly result: Result;
}

export function defineService<Code extends string, Payload extends z.ZodObject, Result extends z.ZodType>(
  definition: Omit<ServiceDefinition<Code, Payload, Result>, 'pooled'>,
): ServiceDefinition<Code, Payload, Result> {
  if (!Number.isInteger(definition.usdCents) || definition.usdCents <= 0) {
    throw new Error(`${definition.code}: price must be a positive integer of cents`);
  }
  return Object.freeze({ ...definition, pooled: definition.usdCents <= POOL_THRESHOLD_CENTS });
}
