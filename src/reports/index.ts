// Reports: turning a report service's structured result into pdf, docx, md and txt files, storing
// them, signing their download links, and serving them to the key that paid.

export { warmUpFonts as warmUpReports } from './fonts.ts';
export {
  buildDocument,
  isReportService,
  REPORT_SERVICES,
  type ReportServiceCode,
  reportKindOf,
} from './mappings/index.ts';
export {
  REPORT_FORMATS,
  REPORT_KINDS,
  type ReportDocument,
  type ReportFormat,
  type ReportKind,
} from './model.ts';
export { CONTENT_TYPES, RENDERERS, renderAll } from './render/index.ts';
export {
  createReportDeps,
  createReports,
  type DownloadUrls,
  openReportFile,
  type RenderInput,
  type ReportDeps,
  type ReportFile,
  type Reports,
  renderReport,
} from './service.ts';
export { type FileStore, LocalFileStore, localStore } from './store.ts';
