// Chart primitives -> SVG -> PNG (resvg), for formats that take images rather than vectors (docx).
// The SVG comes from the same layout the pdf draws. Text is written as glyph outlines from the
// embedded font: resvg would otherwise parse the 10 MB font for every chart (about half a second).
import { Resvg } from '@resvg/resvg-js';
import { outlineFonts } from '../fonts.ts';
import type { ChartLayout, Primitive } from './layout.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type TextPrimitive = Extract<Primitive, { kind: 'text' }>;

/** A text as one group of glyph paths, placed at its baseline, anchored and rotated like SVG text. */
function textOutline(p: TextPrimitive): string {
  const font = p.bold ? outlineFonts().bold : outlineFonts().regular;
  const run = font.layout(p.text);
  const scale = p.size / font.unitsPerEm;
  const width = run.advanceWidth * scale;
  const shift = p.anchor === 'middle' ? width / 2 : p.anchor === 'end' ? width : 0;
  const glyphs: string[] = [];
  let pen = 0;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const d = glyph.path.toSVG();
    if (d)
      glyphs.push(
        `<path transform="translate(${n(pen + position.xOffset)} ${n(position.yOffset)})" d="${d}"/>`,
      );
    pen += position.xAdvance;
  });
  const rotate = p.rotate ? `rotate(${p.rotate} ${n(p.x)} ${n(p.y)}) ` : '';
  // Font units have y pointing up; flip them into SVG's y-down space at the baseline.
  const place = `${rotate}translate(${n(p.x - shift)} ${n(p.y)}) scale(${scale} ${-scale})`;
  return `<g fill="${p.fill}" transform="${place}"><title>${escapeXml(p.text)}</title>${glyphs.join('')}</g>`;
}

const n = (value: number) => Number(value.toFixed(2));

function element(p: Primitive): string {
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
      return textOutline(p);
  }
}

export function chartSvg(layout: ChartLayout, margin = 8): string {
  const width = layout.width + margin * 2;
  const height = layout.height + margin * 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}">`,
    `<rect width="100%" height="100%" fill="#FFFFFF"/>`,
    `<g transform="translate(${margin} ${margin})">`,
    ...layout.primitives.map(element),
    '</g></svg>',
  ].join('');
}

/** PNG at `scale` pixels per layout point (3 gives a crisp image when printed at its layout size). */
export function chartPng(layout: ChartLayout, scale = 3): { png: Buffer; width: number; height: number } {
  const svg = chartSvg(layout);
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'zoom', value: scale } });
  const image = resvg.render();
  return { png: image.asPng(), width: image.width, height: image.height };
}
