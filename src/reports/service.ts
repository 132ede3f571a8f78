// Reports as the rest of the service sees them: render a report service's result into files once
// per run and hand back signed download links; open a file for the key that paid.
import { createHash } from 'node:crypto';
import type { Config } from '../config/index.ts';
import { ApiError } from '../lib/errors.ts';
import { type Clock, systemClock } from '../lib/time.ts';
import type { Queryable, Sql } from '../storage/index.ts';
import { buildDocument, isReportService, reportKindOf } from './mappings/index.ts';
import {
  isReportFormat,
  isReportKind,
  REPORT_FORMATS,
  REPORT_KINDS,
  type ReportFormat,
  type ReportKind,
} from './model.ts';
import { CONTENT_TYPES, renderAll } from './render/index.ts';
import { insertReport, type ReportRow, reportById, reportByRun, type StoredFile } from './repo.ts';
import { loadSigningSecret, newReportId, type ReportId, signReport, verifySig } from './sig.ts';
import { type FileStore, localStore } from './store.ts';

export interface ReportDeps {
  readonly db: Queryable;
  readonly store: FileStore;
  /** Base of absolute links, e.g. "https://api.example.com" (PUBLIC_BASE_URL or the listening address). */
  readonly publicBaseUrl: () => string;
  readonly clock: Clock;
  /** The signing secret, read (or made) once. */
  readonly secret: () => Promise<Buffer>;
}

export function createReportDeps(input: {
  db: Queryable;
  config: Pick<Config, 'DATA_DIR'>;
  publicBaseUrl: () => string;
  clock?: Clock;
  store?: FileStore;
}): ReportDeps {
  let secret: Promise<Buffer> | undefined;
  return {
    db: input.db,
    store: input.store ?? localStore(input.config.DATA_DIR),
    publicBaseUrl: input.publicBaseUrl,
    clock: input.clock ?? systemClock,
    secret: () => {
      secret ??= loadSigningSecret(input.db).catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
      return secret;
    },
  };
}

export type DownloadUrls = Record<ReportFormat, string>;

export interface RenderInput {
  readonly serviceCode: string;
  readonly result: unknown;
  readonly lang: 'zh' | 'en';
  readonly ownerKeyId: string;
  readonly accountId: string;
  readonly runId: string;
}

async function one(db: Queryable, sql: Sql): Promise<ReportRow | undefined> {
  return (await db.query<ReportRow>(sql.text, sql.values)).rows[0];
}

async function downloadUrls(deps: ReportDeps, kind: ReportKind, id: ReportId): Promise<DownloadUrls> {
  const sig = signReport(await deps.secret(), kind, id);
  const base = `${deps.publicBaseUrl()}/api/v1/business/reports/${kind}/${sig}/download`;
  return { pdf: `${base}?fmt=pdf`, docx: `${base}?fmt=docx`, md: `${base}?fmt=md`, txt: `${base}?fmt=txt` };
}

/**
 * Renders the four files of a report run and returns their links. Once per run: a second call for
 * the same run (a retry, a replay, a race) returns the first call's links and renders nothing.
 * Throws when the service is not a report or the result does not match its schema.
 */
export async function renderReport(
  deps: ReportDeps,
  input: RenderInput,
): Promise<{ download_urls: DownloadUrls }> {
  if (!isReportService(input.serviceCode)) throw new Error(`${input.serviceCode} is not a report service`);
  const kind = reportKindOf(input.serviceCode);
  const existing = await one(deps.db, reportByRun(input.runId));
  if (existing) return { download_urls: await downloadUrls(deps, existing.kind, existing.id) };

  const createdAt = deps.clock.now();
  const doc = buildDocument(input.serviceCode, input.result, { lang: input.lang, generatedAt: createdAt });
  const rendered = await renderAll(doc);
  const id = newReportId();
  const folder = `${createdAt.toISOString().slice(0, 7)}/${id}`;
  const files = {} as Record<ReportFormat, StoredFile>;
  try {
    for (const format of REPORT_FORMATS) {
      const path = `${folder}/${kind}.${format}`;
      await deps.store.put(path, rendered[format]);
      files[format] = {
        path,
        bytes: rendered[format].length,
        sha256: createHash('sha256').update(rendered[format]).digest('hex'),
      };
    }
  } catch (error) {
    // Leave no half-written report behind; the run fails and is refunded.
    await deps.store.removeAll(folder).catch(() => {});
    throw error;
  }
  const insert = insertReport({
    id,
    kind,
    service_code: input.serviceCode,
    key_id: input.ownerKeyId,
    account_id: input.accountId,
    run_id: input.runId,
    lang: input.lang,
    file_stem: doc.fileStem,
    files,
    created_at: createdAt,
  });
  const inserted = await deps.db.query(insert.text, insert.values);
  if (inserted.rowCount === 0) {
    // Another render of this run got there first: keep its report, drop these files.
    await deps.store.removeAll(folder);
    const winner = await one(deps.db, reportByRun(input.runId));
    if (!winner) throw new Error(`report of run ${input.runId} vanished`);
    return { download_urls: await downloadUrls(deps, winner.kind, winner.id) };
  }
  return { download_urls: await downloadUrls(deps, kind, id) };
}

export interface ReportFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** The Content-Disposition header value. */
  readonly disposition: string;
}

function disposition(row: ReportRow, format: ReportFormat): string {
  const name = `${row.file_stem}.${format}`;
  // Old clients read only filename="…" (ASCII); current ones take the UTF-8 filename* (RFC 6266).
  const ascii =
    /^[\x20-\x7e]+$/.test(name) && !/["\\]/.test(name)
      ? name
      : `bizfn-${row.kind.replace(/_/g, '-')}-${new Date(row.created_at).toISOString().slice(0, 10)}.${format}`;
  // RFC 5987 leaves ' ( ) * out of attr-char, which encodeURIComponent keeps as they are.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The file behind a download link, for the key that paid. Checks in the order of the contract's
 * errors: unknown kind, bad format, a sig that is forged or names no report, another key's
 * report, and a file the store no longer has.
 */
export async function openReportFile(
  deps: ReportDeps,
  input: { kind: string; sig: string; fmt: unknown; keyId: string },
): Promise<ReportFile> {
  if (!isReportKind(input.kind)) {
    throw new ApiError('unknown_report_kind', `unknown report kind "${input.kind}"`, {
      available: [...REPORT_KINDS],
    });
  }
  const fmt = input.fmt === undefined ? 'pdf' : input.fmt;
  if (typeof fmt !== 'string' || !isReportFormat(fmt)) {
    throw new ApiError('bad_fmt', 'fmt must be one of pdf, docx, md, txt', {
      available: [...REPORT_FORMATS],
    });
  }
  const id = verifySig(await deps.secret(), input.kind, input.sig);
  const row = id ? await one(deps.db, reportById(id)) : undefined;
  if (!row || row.kind !== input.kind) throw new ApiError('report_not_found', 'no report at this link');
  if (row.key_id !== input.keyId)
    throw new ApiError('not_your_report', 'this report belongs to another API key');
  const stored = row.files[fmt];
  const body = stored ? await deps.store.get(stored.path) : undefined;
  if (!body) throw new ApiError('file_missing', `the ${fmt} file of this report is no longer stored`);
  return { body, contentType: CONTENT_TYPES[fmt], disposition: disposition(row, fmt) };
}

/** Reports bound to their deps: `render` is what the run pipeline calls (src/runs ReportRenderer). */
export interface Reports {
  render(input: RenderInput): Promise<{ download_urls: DownloadUrls }>;
  open(input: { kind: string; sig: string; fmt: unknown; keyId: string }): Promise<ReportFile>;
}

export function createReports(deps: ReportDeps): Reports {
  return { render: (input) => renderReport(deps, input), open: (input) => openReportFile(deps, input) };
}
