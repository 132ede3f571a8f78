// GET /api/v1/business/jobs/{job_id}: the job status object. Auth ran in the onRequest hook; the
// ownership check and the object itself come from the run pipeline's standalone side.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import { isStandalone } from '../../runs/standalone.ts';
import { type AppDeps, authOf } from '../app.ts';

export function registerJobRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { job_id: string } }>('/api/v1/business/jobs/:job_id', async (request, reply) => {
    if (!isStandalone(deps.standalone))
      throw new ApiError('job_not_found', 'async jobs are not enabled on this server');
    const outcome = await deps.standalone.job(deps, authOf(request), request.params.job_id);
    return reply.status(outcome.status).send(outcome.body);
  });
}
