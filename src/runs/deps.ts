// What the run pipeline needs from the rest of the service, built once at start and passed in.
import type { AuthContext } from '../accounts/index.ts';
import type { Config } from '../config/index.ts';
import type { Dataset } from '../engines/index.ts';
import type { Clock } from '../lib/time.ts';
import type { Database } from '../storage/index.ts';
import type { ResultCache } from './cache.ts';
import type { CallbackGuard, RunRequest } from './request.ts';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RunResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface ReportRenderer {
  render(input: {
    serviceCode: string;
    result: Record<string, unknown>;
    lang: 'zh' | 'en';
    ownerKeyId: string;
    accountId: string;
    runId: string;
  }): Promise<{ download_urls: { pdf: string; docx: string; md: string; txt: string } }>;
}

/** A claimed, pending run that is not pooled-and-synchronous: standalone billing or async. */
export interface DelegatedRun {
  runId: string;
  auth: AuthContext;
  request: RunRequest;
  period: string;
}

/** Standalone (card) billing and async jobs; provided by the payments/jobs side. */
export interface StandaloneRunner {
  run(deps: RunDeps, claimed: DelegatedRun): Promise<RunResponse>;
}

export interface RunDeps {
  readonly db: Database;
  readonly config: Config;
  readonly clock: Clock;
  readonly log: Logger;
  readonly faults: ReadonlySet<string>;
  readonly guardCallback: CallbackGuard;
  readonly datasetFor: (sandbox: boolean) => Promise<Dataset>;
  readonly publicBaseUrl: () => string;
  readonly reports?: ReportRenderer;
  /** Recent engine answers; absent means every call asks the engine. */
  readonly results?: ResultCache;
  readonly standalone?: StandaloneRunner;
}
