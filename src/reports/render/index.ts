// The four renderers, one per format, all fed the same document.
import type { ReportDocument, ReportFormat } from '../model.ts';
import { docxRenderer } from './docx.ts';
import { markdownRenderer } from './md.ts';
import { pdfRenderer } from './pdf.ts';
import { textRenderer } from './txt.ts';
import type { Renderer } from './types.ts';

export type { Renderer } from './types.ts';
export { CONTENT_TYPES } from './types.ts';

export const RENDERERS: Readonly<Record<ReportFormat, Renderer>> = {
  pdf: pdfRenderer,
  docx: docxRenderer,
  md: markdownRenderer,
  txt: textRenderer,
};

/** Every format of one document. */
export async function renderAll(doc: ReportDocument): Promise<Record<ReportFormat, Buffer>> {
  const [pdf, docx, md, txt] = await Promise.all([
    RENDERERS.pdf.render(doc),
    RENDERERS.docx.render(doc),
    RENDERERS.md.render(doc),
    RENDERERS.txt.render(doc),
  ]);
  return { pdf, docx, md, txt };
}
