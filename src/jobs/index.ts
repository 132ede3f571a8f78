// Async jobs: the durable queue in Postgres and the worker loop that runs jobs, webhooks and
// refunds. Other folders use only what this file exports.
export {
  type Completed,
  completeJob,
  failAbandonedJobs,
  type JobStatusObject,
  jobStatusObject,
  type OnJobFailed,
  webhookBody,
} from './complete.ts';
export {
  claimJobs,
  enqueueJob,
  getJob,
  type JobEnd,
  type JobError,
  type JobRecord,
  type JobStatus,
  type NewJob,
  renewLease,
} from './queue.ts';
export {
  type JobExecutor,
  type JobOutcome,
  startWorker,
  type Worker,
  type WorkerDeps,
  type WorkerLog,
  type WorkerOptions,
} from './worker.ts';
