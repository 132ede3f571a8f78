// One renderer per file format, each turning the same report document into bytes.
import type { ReportDocument, ReportFormat } from '../model.ts';

export interface Renderer {
  readonly format: ReportFormat;
  render(doc: ReportDocument): Promise<Buffer>;
}

/** Content types from the spec; the text formats say their charset so Chinese displays right. */
export const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};
