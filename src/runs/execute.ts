// Runs one engine for a validated request: fault injection, the engine itself, the result checked
// against the catalog's schema, and report files rendered before anything is stored. Shared by
// synchronous runs, async jobs and checkout deliveries so all three behave the same.
import type { Lang, ServiceDefinition } from '../catalog/index.ts';
import { type AnyEngine, type Dataset, engineFor } from '../engines/index.ts';
import type { RunDeps } from './deps.ts';

export type EngineResult =
  | { kind: 'ok'; result: Record<string, unknown> }
  | { kind: 'rejected'; msg: string; field?: string; suggestions?: readonly string[] }
  | { kind: 'failed'; msg: string };

export interface ExecuteInput {
  service: ServiceDefinition;
  payload: Record<string, unknown>;
  lang: Lang;
  sandbox: boolean;
  /** Who paid, for report ownership. */
  owner: { keyId: string; accountId: string; runId: string };
}

const GENERIC_FAILURE = 'the engine failed; any charge has been refunded, retry later';

/** The engine's checked answer, from the result cache when this exact question was answered today. */
async function answer(deps: RunDeps, engine: AnyEngine, input: ExecuteInput): Promise<EngineResult> {
  const { service } = input;
  let outcome: Awaited<ReturnType<AnyEngine>>;
  let cacheKey: string | undefined;
  try {
    const dataset: Dataset = await deps.datasetFor(input.sandbox);
    const now = deps.clock.now();
    if (deps.results) {
      cacheKey = await deps.results.key({
        code: service.code,
        payload: input.payload,
        lang: input.lang,
        dataset,
        now,
      });
      const hit = deps.results.get(cacheKey);
      if (hit) return hit;
    }
    outcome = await engine(input.payload, { db: deps.db, lang: input.lang, dataset, now });
  } catch (error) {
    deps.log.error({ err: error, service_code: service.code, run_id: input.owner.runId }, 'engine threw');
    return { kind: 'failed', msg: GENERIC_FAILURE };
  }
  if (outcome.kind === 'rejected') {
    const rejected: EngineResult = {
      kind: 'rejected',
      msg: outcome.msg,
      field: outcome.field,
      suggestions: outcome.suggestions,
    };
    if (cacheKey) deps.results?.set(cacheKey, rejected);
    return rejected;
  }
  const checked = service.result.safeParse(outcome.result);
  if (!checked.success) {
    deps.log.error(
      { service_code: service.code, issues: checked.error.issues.slice(0, 5) },
      'engine result does not match its schema',
    );
    return { kind: 'failed', msg: GENERIC_FAILURE };
  }
  const ok: EngineResult = { kind: 'ok', result: checked.data as Record<string, unknown> };
  if (cacheKey) deps.results?.set(cacheKey, ok);
  return ok;
}

export async function executeEngine(deps: RunDeps, input: ExecuteInput): Promise<EngineResult> {
  const { service } = input;
  if (deps.faults.has(`engine:${service.code}`)) {
    return { kind: 'failed', msg: `${GENERIC_FAILURE} (fault injected)` };
  }
  const engine = engineFor(service.code);
  if (!engine) {
    deps.log.error({ service_code: service.code }, 'no engine registered');
    return {
      kind: 'failed',
      msg: `${service.code} is not available on this server; any charge has been refunded`,
    };
  }
  const outcome = await answer(deps, engine, input);
  if (outcome.kind !== 'ok') return outcome;
  const result = outcome.result;
  if (deps.reports && service.code.startsWith('report.')) {
    try {
      const { download_urls } = await deps.reports.render({
        serviceCode: service.code,
        result,
        lang: input.lang,
        ownerKeyId: input.owner.keyId,
        accountId: input.owner.accountId,
        runId: input.owner.runId,
      });
      return { kind: 'ok', result: { ...result, download_urls } };
    } catch (error) {
      deps.log.error(
        { err: error, service_code: service.code, run_id: input.owner.runId },
        'report render failed',
      );
      return { kind: 'failed', msg: GENERIC_FAILURE };
    }
  }
  return { kind: 'ok', result };
}
