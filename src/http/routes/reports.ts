// GET /api/v1/business/reports/{kind}/{sig}/download: a report file for the key that paid. The
// route parses and maps; src/reports checks the link, the owner and the store.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Clock } from '../../lib/time.ts';
import { createReportDeps, type FileStore, openReportFile } from '../../reports/index.ts';
import type { Queryable } from '../../storage/index.ts';
import { authOf } from '../app.ts';

export interface ReportRouteDeps {
  readonly db: Queryable;
  readonly config: Pick<Config, 'DATA_DIR'>;
  readonly clock: Clock;
  readonly publicBaseUrl: () => string;
  /** Defaults to the local store under DATA_DIR, where the renderer writes by default. */
  readonly reportStore?: FileStore;
}

export function registerReportRoutes(app: FastifyInstance, deps: ReportRouteDeps): void {
  const reports = createReportDeps({
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    publicBaseUrl: deps.publicBaseUrl,
    ...(deps.reportStore ? { store: deps.reportStore } : {}),
  });

  app.get<{ Params: { kind: string; sig: string }; Querystring: Record<string, unknown> }>(
    '/api/v1/business/reports/:kind/:sig/download',
    async (request, reply) => {
      const file = await openReportFile(reports, {
        kind: request.params.kind,
        sig: request.params.sig,
        fmt: request.query.fmt,
        keyId: authOf(request).keyId,
      });
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', file.disposition)
          .header('Content-Length', String(file.body.length))
          // Only the paying key may read it: no shared cache keeps a copy.
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(file.body)
      );
    },
  );
}
