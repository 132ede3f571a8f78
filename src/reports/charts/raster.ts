// Chart primitives -> SVG -> PNG (resvg), for formats that take images rather than vectors (docx).
// The SVG comes from the same layout the pdf draws. Text is written as glyph outlines from the
// embedded font: resvg would otherwise parse the 10 MB font for every chart (about half a second).
import { Resvg } from '@resvg/resvg-js';
import type { Font, Glyph } from 'fontkit';
import { outlineFonts } from '../fonts.ts';
import type { ChartLayout, Primitive } from './layout.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type TextPrimitive = Extract<Primitive, { kind: 'text' }>;

/** Outline of each glyph as SVG path data, per font: building it is most of the cost of a chart. */
const outlines = new WeakMap<Font, Map<number, string>>();

function glyphPath(font: Font, glyph: Glyph): string {
  let cache = outlines.get(font);
  if (!cache) {
    cache = new Map();
    outlines.set(font, cache);
  }
  let d = cache.get(glyph.id);
  if (d === undefined) {
    d = glyph.path.toSVG();
    cache.set(glyph.id, d);
  }
  return d;
}

/** Glyph outlines a chart uses, each written once in <defs> and placed with <use>. */
type Defs = Map<string, string>;

/** A text as glyph outlines, placed at its baseline, anchored and rotated like SVG text. */
function textOutline(p: TextPrimitive, defs: Defs): string {
  const font = p.bold ? outlineFonts().bold : outlineFonts().regular;
  const prefix = p.bold ? 'b' : 'r';
  const run = font.layout(p.text);
  const scale = p.size / font.unitsPerEm;
  const width = run.advanceWidth * scale;
  const shift = p.anchor === 'middle' ? width / 2 : p.anchor === 'end' ? width : 0;
  const glyphs: string[] = [];
  let pen = 0;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const id = `${prefix}${glyph.id}`;
    if (!defs.has(id)) defs.set(id, glyphPath(font, glyph));
    if (defs.get(id)) {
      glyphs.push(`<use href="#${id}" x="${n(pen + position.xOffset)}" y="${n(position.yOffset)}"/>`);
    }
    pen += position.xAdvance;
  });
  const rotate = p.rotate ? `rotate(${p.rotate} ${n(p.x)} ${n(p.y)}) ` : '';
  // Font units have y pointing up; flip them into SVG's y-down space at the baseline.
  const place = `${rotate}translate(${n(p.x - shift)} ${n(p.y)}) scale(${scale} ${-scale})`;
  return `<g fill="${p.fill}" transform="${place}"><title>${escapeXml(p.text)}</title>${glyphs.join('')}</g>`;
}

const n = (value: number) => Number(value.toFixed(2));

function element(p: Primitive, defs: Defs): string {
  switch (p.kind) {
    case 'rect':
      return `<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" fill="${p.fill}"/>`;
    case 'line':
      return `<line x1="${n(p.x1)}" y1="${n(p.y1)}" x2="${n(p.x2)}" y2="${n(p.y2)}" stroke="${p.stroke}" stroke-width="${p.width}"${p.dash ? ' stroke-dasharray="2 2"' : ''}/>`;
    case 'polyline':
      return `<polyline points="${p.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="none" stroke="${p.stroke}" stroke-width="${p.width}" stroke-linejoin="round"/>`;
    case 'polygon':
      return `<polygon points="${p.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${p.fill}"/>`;
    case 'circle':
      return `<circle cx="${n(p.cx)}" cy="${n(p.cy)}" r="${p.r}" fill="${p.fill}"/>`;
    case 'text':
      return textOutline(p, defs);
  }
}

export function chartSvg(layout: ChartLayout, margin = 8): string {
  const width = layout.width + margin * 2;
  const height = layout.height + margin * 2;
  const defs: Defs = new Map();
  const body = layout.primitives.map((p) => element(p, defs));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}">`,
    `<defs>${[...defs].map(([id, d]) => (d ? `<path id="${id}" d="${d}"/>` : '')).join('')}</defs>`,
    `<rect width="100%" height="100%" fill="#FFFFFF"/>`,
    `<g transform="translate(${margin} ${margin})">`,
    ...body,
    '</g></svg>',
  ].join('');
}

/** PNG at `scale` pixels per layout point: 2.5 is about 180 dpi at the size the docx prints it. */
export function chartPng(layout: ChartLayout, scale = 2.5): { png: Buffer; width: number; height: number } {
  const svg = chartSvg(layout);
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'zoom', value: scale } });
  const image = resvg.render();
  return { png: image.asPng(), width: image.width, height: image.height };
}
