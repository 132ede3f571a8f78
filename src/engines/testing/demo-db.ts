// For engine tests: a real migrated database (PGlite, or PostgreSQL with BIZFN_TEST_DB=postgres)
// loaded with a small deterministic demo dataset from the data store's generator, and a context
// whose clock is the demo's reference date, so time-dependent figures are stable.

import type { z } from 'zod';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import {
  findService,
  type Lang,
  type PayloadOf,
  type ResultOf,
  type ServiceCode,
  type ServiceOf,
} from '../../catalog/index.ts';
import { ENGINES } from '../index.ts';
import type { Engine, EngineContext, EngineOutcome } from '../types.ts';
import { loadDemoForTests } from './load.ts';

export const DEMO_COMPANIES = 3_000;
/** The demo generator's reference date: "today" for the generated records. */
export const DEMO_NOW = new Date('2025-06-30T12:00:00Z');

export async function openDemoDatabase(companies = DEMO_COMPANIES): Promise<TestDatabase> {
  const db = await openTestDatabase();
  await loadDemoForTests(db, companies);
  return db;
}

export function contextFor(db: TestDatabase, lang: Lang = 'zh'): EngineContext {
  return { db, lang, dataset: 'demo', now: DEMO_NOW };
}

/** Runs one engine and returns its result, failing the test on a rejection. */
export async function runOk<C extends ServiceCode>(
  code: C,
  payload: z.input<ServiceOf<C>['payload']>,
  context: EngineContext,
): Promise<ResultOf<C>> {
  const outcome = await runEngine(code, payload, context);
  if (outcome.kind !== 'ok') throw new Error(`${code} rejected: ${outcome.msg}`);
  // Every result must satisfy the catalog's result schema.
  findService(code)!.result.parse(outcome.result);
  return outcome.result;
}

/** Runs one engine on a payload parsed by the catalog's payload schema, as the pipeline does. */
export async function runEngine<C extends ServiceCode>(
  code: C,
  payload: z.input<ServiceOf<C>['payload']>,
  context: EngineContext,
): Promise<EngineOutcome<ResultOf<C>>> {
  const service = findService(code)!;
  const parsed = service.payload.parse(payload) as PayloadOf<C>;
  const engine = ENGINES[code] as Engine<C> | undefined;
  if (!engine) throw new Error(`no engine for ${code}`);
  return engine(parsed, context);
}

/** True when a text has no Chinese characters (what an `en` answer must look like). */
export function isEnglish(value: string): boolean {
  return !/\p{Script=Han}/u.test(value);
}
