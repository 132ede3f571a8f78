// The embedded typeface: Noto Sans SC (OFL) shipped through npm, so Chinese renders with correct
// glyphs on any machine and nothing is downloaded at run time. Covers Latin as well.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

const require = createRequire(import.meta.url);

export const FONT_FAMILY = 'Noto Sans SC';

export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;

export interface FontBuffers {
  readonly regular: Buffer;
  readonly bold: Buffer;
}

let loaded: Promise<FontBuffers> | undefined;

/** The font files, read once per process (about 10 MB each; pdfkit embeds only the glyphs used). */
export function loadFonts(): Promise<FontBuffers> {
  loaded ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(
    ([regular, bold]) => ({
      regular,
      bold,
    }),
  );
  return loaded;
}

let outlines: { regular: Font; bold: Font } | undefined;

/** Parsed fonts for drawing text as glyph outlines (charts rasterised without a font engine). */
export function outlineFonts(): { regular: Font; bold: Font } {
  outlines ??= {
    regular: create(readFileSync(FONT_FILES.regular)),
    bold: create(readFileSync(FONT_FILES.bold)),
  };
  return outlines;
}

/** Loads the fonts now, so the first report after a start does not pay for it (about 2 s). */
export async function warmUpFonts(): Promise<void> {
  await loadFonts();
  outlineFonts();
}
