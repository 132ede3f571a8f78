// The run pipeline's public face.

export { ResultCache } from './cache.ts';
export type { DelegatedRun, Logger, ReportRenderer, RunDeps, RunResponse, StandaloneRunner } from './deps.ts';
export { type EngineResult, type ExecuteInput, executeEngine } from './execute.ts';
export { countCall, executeRun, refundAndClose, SANDBOX_QUOTA, uncountCall } from './pipeline.ts';
export { purgeExpiredRuns, recoverStaleRuns, STALE_PENDING_MS } from './recovery.ts';
export { type CallbackGuard, canonicalJson, parseRunRequest, type RunRequest } from './request.ts';
export {
  claimRun,
  findLiveRun,
  getRun,
  type RunRecord,
  type RunState,
  type RunUpdate,
  updateRun,
} from './store.ts';
