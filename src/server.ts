// Builds the running service from a configuration: database, dependencies, the fastify app and
// the background loops. main.ts, the test server and the benchmarks all start it this way.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { Authenticator } from './accounts/index.ts';
import { type Config, publicBaseUrl } from './config/index.ts';
import type { Dataset } from './engines/index.ts';
import { type AppDeps, buildApp } from './http/app.ts';
import { createMetrics } from './http/metrics.ts';
import { createRateLimitStore, type RateLimitStore } from './http/ratelimit/index.ts';
import { type Clock, systemClock } from './lib/time.ts';
import { createReportDeps, createReports } from './reports/index.ts';
import {
  purgeExpiredRuns,
  type ReportRenderer,
  ResultCache,
  recoverStaleRuns,
  type StandaloneRunner,
} from './runs/index.ts';
import { createStandalone, isStandalone } from './runs/standalone.ts';
import { type Database, openMigratedDatabase } from './storage/index.ts';
import { checkCallbackUrl } from './webhooks/index.ts';

export interface ServiceOptions {
  /** An already open, migrated database (tests); otherwise opened from the config. */
  db?: Database;
  clock?: Clock;
  rateLimits?: RateLimitStore;
  logger?: pino.Logger;
  reports?: ReportRenderer;
  standalone?: StandaloneRunner;
}

export interface Service {
  app: FastifyInstance;
  deps: AppDeps;
  /** Starts listening; returns the base URL. */
  listen(): Promise<string>;
  markReady(): void;
  /** Registers a background task stopped on close. */
  onClose(stop: () => Promise<void> | void): void;
  close(): Promise<void>;
}

const DATASET_CACHE_MS = 10_000;

/** Live keys read the operator's data once any is loaded, else the demo data; sandbox keys always demo. */
function datasetResolver(db: Database): (sandbox: boolean) => Promise<Dataset> {
  let cached: { dataset: Dataset; at: number } | undefined;
  return async (sandbox) => {
    if (sandbox) return 'demo';
    if (cached && Date.now() - cached.at < DATASET_CACHE_MS) return cached.dataset;
    const { rows } = await db.query<{ operator: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM datasets WHERE name = 'operator' AND companies > 0) AS operator",
    );
    cached = { dataset: rows[0]?.operator ? 'operator' : 'demo', at: Date.now() };
    return cached.dataset;
  };
}

export async function createService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const log = options.logger ?? pino({ level: config.LOG_LEVEL });
  const db = options.db ?? (await openMigratedDatabase(config));
  const stops: Array<() => Promise<void> | void> = [];
  let ready = false;
  let baseUrl = publicBaseUrl(config);

  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    db,
    config,
    clock,
    log,
    faults: new Set(config.BIZFN_FAULTS),
    guardCallback: (url) => checkCallbackUrl(url, { allowHosts: config.CALLBACK_ALLOW_HOSTS }),
    datasetFor: datasetResolver(db),
    publicBaseUrl: () => baseUrl,
    reports:
      options.reports ?? createReports(createReportDeps({ db, config, clock, publicBaseUrl: () => baseUrl })),
    standalone: options.standalone ?? createStandalone(),
    results: new ResultCache(db),
    authenticator: new Authenticator(db),
    rateLimits: options.rateLimits ?? createRateLimitStore(config),
    adminToken: config.ADMIN_TOKEN ?? randomBytes(24).toString('base64url'),
    metrics: createMetrics(),
    ready: () => ready,
  };
  if (config.BIZFN_FAULTS.length > 0) log.warn({ faults: config.BIZFN_FAULTS }, 'fault injection is ON');

  const app = await buildApp(deps);

  // Housekeeping: refund runs interrupted by a crash, purge records past retention.
  const sweep = async () => {
    try {
      await recoverStaleRuns(deps);
      await purgeExpiredRuns(deps);
    } catch (error) {
      log.error({ err: error }, 'run housekeeping failed');
    }
  };
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  stops.push(() => clearInterval(timer));

  // Jobs, webhooks and refund retries run in this process unless WORKERS=off (then `bizfn worker`).
  if (config.WORKERS === 'on' && isStandalone(deps.standalone)) {
    const worker = deps.standalone.startWorker(deps);
    stops.push(() => worker.stop());
  }

  return {
    app,
    deps,
    async listen() {
      await app.listen({ host: config.HOST, port: config.PORT });
      const address = app.server.address();
      if (address && typeof address === 'object')
        baseUrl = publicBaseUrl(config, { host: config.HOST, port: address.port });
      void sweep();
      return `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${
        typeof address === 'object' && address ? address.port : config.PORT
      }`;
    },
    markReady() {
      ready = true;
    },
    onClose(stop) {
      stops.push(stop);
    },
    async close() {
      for (const stop of stops.reverse()) await stop();
      await app.close();
      await deps.rateLimits.close();
      if (!options.db) await db.close();
    },
  };
}
