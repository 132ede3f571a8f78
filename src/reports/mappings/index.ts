// Which report kind each report service produces, and its structured result -> document mapping.
// The result is parsed with the catalog's schema first, so fields added later pass through harmlessly.
import { findService, type Lang, type ResultOf } from '../../catalog/index.ts';
import type { ReportDocument, ReportKind } from '../model.ts';
import { industryOverviewDocument } from './industry-overview.ts';
import { newProductDocument } from './new-product.ts';
import { targetListDocument } from './target-list.ts';

export const REPORT_SERVICES = {
  'report.industry_overview': 'industry_overview',
  'report.target_list_export': 'target_list',
  'report.new_product_intelligence': 'new_product_intelligence',
} as const satisfies Record<string, ReportKind>;

export type ReportServiceCode = keyof typeof REPORT_SERVICES;

export function isReportService(code: string): code is ReportServiceCode {
  return Object.hasOwn(REPORT_SERVICES, code);
}

export function reportKindOf(code: ReportServiceCode): ReportKind {
  return REPORT_SERVICES[code];
}

export type ReportResult =
  | ResultOf<'report.industry_overview'>
  | ResultOf<'report.new_product_intelligence'>
  | ResultOf<'report.target_list_export'>;

function parseResult<C extends ReportServiceCode>(code: C, result: unknown): ResultOf<C> {
  const service = findService(code);
  if (!service) throw new Error(`${code} is not in the catalog`);
  return service.result.parse(result) as ResultOf<C>;
}

/** Builds the document; throws (a zod error) when the result does not match its service's schema. */
export function buildDocument(
  serviceCode: ReportServiceCode,
  result: unknown,
  context: { lang: Lang; generatedAt: Date },
): ReportDocument {
  switch (serviceCode) {
    case 'report.industry_overview':
      return industryOverviewDocument(parseResult(serviceCode, result), context);
    case 'report.new_product_intelligence':
      return newProductDocument(parseResult(serviceCode, result), context);
    case 'report.target_list_export':
      return targetListDocument(parseResult(serviceCode, result), context);
  }
}
