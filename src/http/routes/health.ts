// Liveness and readiness: /healthz answers 200 once the service is ready to serve.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import type { AppDeps } from '../app.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/healthz', async () => {
    if (!deps.ready()) throw new ApiError('service_unavailable', 'starting up');
    await deps.db.query('SELECT 1');
    return { ok: true };
  });
}
