// SQL of the reports table, as small pure functions returning {text, values}.
import type { Sql } from '../storage/index.ts';
import type { ReportFormat, ReportKind } from './model.ts';
import type { ReportId } from './sig.ts';

export interface StoredFile {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface ReportRow {
  id: ReportId;
  kind: ReportKind;
  service_code: string;
  key_id: string;
  account_id: string;
  run_id: string;
  lang: 'zh' | 'en';
  file_stem: string;
  files: Record<ReportFormat, StoredFile>;
  created_at: Date | string;
}

export function insertReport(row: Omit<ReportRow, 'created_at'> & { created_at: Date }): Sql {
  return {
    text: `INSERT INTO reports (id, kind, service_code, key_id, account_id, run_id, lang, file_stem, files, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (run_id) DO NOTHING
           RETURNING id`,
    values: [
      row.id,
      row.kind,
      row.service_code,
      row.key_id,
      row.account_id,
      row.run_id,
      row.lang,
      row.file_stem,
      JSON.stringify(row.files),
      row.created_at,
    ],
  };
}

export function reportByRun(runId: string): Sql {
  return { text: 'SELECT * FROM reports WHERE run_id = $1', values: [runId] };
}

export function reportById(id: ReportId): Sql {
  return { text: 'SELECT * FROM reports WHERE id = $1', values: [id] };
}
