// The part of fontkit (a dependency of pdfkit; it ships no types) that the chart rasteriser uses.
declare module 'fontkit' {
  export interface GlyphPath {
    toSVG(): string;
  }
  export interface Glyph {
    readonly id: number;
    readonly path: GlyphPath;
  }
  export interface GlyphPosition {
    readonly xAdvance: number;
    readonly yAdvance: number;
    readonly xOffset: number;
    readonly yOffset: number;
  }
  export interface GlyphRun {
    readonly glyphs: readonly Glyph[];
    readonly positions: readonly GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface Font {
    readonly unitsPerEm: number;
    layout(text: string): GlyphRun;
  }
  export function create(buffer: Uint8Array): Font;
}
