// Chart geometry, computed once from a chart definition into drawing primitives. The pdf draws
// the primitives as vectors and the docx rasterises the same primitives (via SVG), so the charts
// in both files are the same picture.
import type { Chart } from '../model.ts';
import { fitText, textWidth } from '../text.ts';

export const PALETTE = {
  bar: '#1F4E79',
  barAlt: '#5B8DB8',
  line: '#C0504D',
  area: '#F2DCDB',
  grid: '#D9D9D9',
  axis: '#7F7F7F',
  text: '#262626',
  muted: '#595959',
} as const;

export type Primitive =
  | { readonly kind: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | {
      readonly kind: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stroke: string;
      width: number;
      dash?: boolean;
    }
  | { readonly kind: 'polyline'; points: [number, number][]; stroke: string; width: number }
  | { readonly kind: 'polygon'; points: [number, number][]; fill: string }
  | { readonly kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | {
      readonly kind: 'text';
      /** Baseline position. */
      x: number;
      y: number;
      text: string;
      size: number;
      fill: string;
      anchor: 'start' | 'middle' | 'end';
      bold?: boolean;
      /** Degrees, clockwise negative as in SVG (rotated about x, y). */
      rotate?: number;
    };

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly primitives: readonly Primitive[];
}

const TITLE_SIZE = 10;
const LABEL_SIZE = 7.5;
const VALUE_SIZE = 7;
const TOP = 34;

/** A round upper bound for an axis (1, 2, 2.5 or 5 times a power of ten). */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

function header(chart: Chart, width: number): Primitive[] {
  return [
    {
      kind: 'text',
      x: 0,
      y: 12,
      text: fitText(chart.title, width, TITLE_SIZE),
      size: TITLE_SIZE,
      fill: PALETTE.text,
      anchor: 'start',
      bold: true,
    },
    {
      kind: 'text',
      x: 0,
      y: 25,
      text: chart.unit,
      size: LABEL_SIZE - 0.5,
      fill: PALETTE.muted,
      anchor: 'start',
    },
  ];
}

function gridLines(left: number, right: number, top: number, bottom: number): Primitive[] {
  const lines: Primitive[] = [];
  for (let i = 1; i <= 4; i++) {
    const y = bottom - ((bottom - top) * i) / 4;
    lines.push({
      kind: 'line',
      x1: left,
      y1: y,
      x2: right,
      y2: y,
      stroke: PALETTE.grid,
      width: 0.5,
      dash: true,
    });
  }
  lines.push({ kind: 'line', x1: left, y1: bottom, x2: right, y2: bottom, stroke: PALETTE.axis, width: 0.8 });
  return lines;
}

function columnChart(chart: Chart, width: number): ChartLayout {
  const points = chart.points;
  const widest = Math.max(0, ...points.map((p) => textWidth(p.label, LABEL_SIZE)));
  // Labels wider than their column are set at an angle rather than cut short; the first one then
  // reaches left of its bar, so the plot starts further in.
  const rotate = widest > (width - 8) / Math.max(points.length, 1) - 2;
  const left = rotate ? Math.min(widest, 90) * 0.6 : 4;
  const slot = (width - 4 - left) / Math.max(points.length, 1);
  const labelSpace = rotate ? Math.min(widest, 90) * 0.75 + 12 : 16;
  const plotHeight = 150;
  const bottom = TOP + 14 + plotHeight;
  const height = bottom + labelSpace;
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const out: Primitive[] = [...header(chart, width), ...gridLines(left, width - 4, TOP + 14, bottom)];
  points.forEach((point, i) => {
    const barWidth = Math.min(slot * 0.62, 40);
    const centre = left + slot * i + slot / 2;
    const h = (point.value / max) * plotHeight;
    out.push({
      kind: 'rect',
      x: centre - barWidth / 2,
      y: bottom - h,
      w: barWidth,
      h,
      fill: i === 0 ? PALETTE.bar : PALETTE.barAlt,
    });
    out.push({
      kind: 'text',
      x: centre,
      y: bottom - h - 3,
      text: point.display,
      size: VALUE_SIZE,
      fill: PALETTE.text,
      anchor: 'middle',
    });
    if (rotate) {
      out.push({
        kind: 'text',
        x: centre + 2,
        y: bottom + 9,
        text: fitText(point.label, 90, LABEL_SIZE),
        size: LABEL_SIZE,
        fill: PALETTE.text,
        anchor: 'end',
        rotate: -40,
      });
    } else {
      out.push({
        kind: 'text',
        x: centre,
        y: bottom + 11,
        text: point.label,
        size: LABEL_SIZE,
        fill: PALETTE.text,
        anchor: 'middle',
      });
    }
  });
  return { width, height, primitives: out };
}

function rankingChart(chart: Chart, width: number): ChartLayout {
  const points = chart.points;
  const row = 15;
  const labelWidth = Math.min(
    Math.max(0, ...points.map((p) => textWidth(p.label, LABEL_SIZE))) + 4,
    width * 0.42,
  );
  const valueSpace = Math.max(30, ...points.map((p) => textWidth(p.display, VALUE_SIZE) + 6));
  const left = labelWidth + 6;
  const right = width - valueSpace;
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const out: Primitive[] = header(chart, width);
  const top = TOP + 4;
  points.forEach((point, i) => {
    const y = top + i * row;
    const w = Math.max((point.value / max) * (right - left), point.value > 0 ? 1 : 0);
    out.push({
      kind: 'text',
      x: labelWidth,
      y: y + 10,
      text: fitText(point.label, labelWidth - 2, LABEL_SIZE),
      size: LABEL_SIZE,
      fill: PALETTE.text,
      anchor: 'end',
    });
    out.push({ kind: 'rect', x: left, y: y + 2, w, h: row - 4, fill: i < 3 ? PALETTE.bar : PALETTE.barAlt });
    out.push({
      kind: 'text',
      x: left + w + 4,
      y: y + 10,
      text: point.display,
      size: VALUE_SIZE,
      fill: PALETTE.text,
      anchor: 'start',
    });
  });
  const bottom = top + points.length * row;
  out.push({ kind: 'line', x1: left, y1: top, x2: left, y2: bottom, stroke: PALETTE.axis, width: 0.8 });
  return { width, height: bottom + 6, primitives: out };
}

function lineChart(chart: Chart, width: number): ChartLayout {
  const points = chart.points;
  const plotHeight = 140;
  const left = 16;
  const right = width - 16;
  const top = TOP + 14;
  const bottom = top + plotHeight;
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const step = points.length > 1 ? (right - left) / (points.length - 1) : 0;
  const xy = points.map((p, i): [number, number] => [left + step * i, bottom - (p.value / max) * plotHeight]);
  // Every label when they fit, else every other one (always keeping the last: the latest year).
  const every = points.length * 28 > right - left ? 2 : 1;
  const out: Primitive[] = [...header(chart, width), ...gridLines(left, right, top, bottom)];
  out.push({
    kind: 'polygon',
    points: [[left, bottom], ...xy, [xy.at(-1)?.[0] ?? left, bottom]],
    fill: PALETTE.area,
  });
  out.push({ kind: 'polyline', points: xy, stroke: PALETTE.line, width: 1.6 });
  xy.forEach(([x, y], i) => {
    out.push({ kind: 'circle', cx: x, cy: y, r: 2.2, fill: PALETTE.line });
    if (i % every === 0 || i === points.length - 1) {
      out.push({
        kind: 'text',
        x,
        y: y - 5,
        text: points[i]!.display,
        size: VALUE_SIZE,
        fill: PALETTE.text,
        anchor: 'middle',
      });
      out.push({
        kind: 'text',
        x,
        y: bottom + 11,
        text: points[i]!.label,
        size: LABEL_SIZE,
        fill: PALETTE.text,
        anchor: 'middle',
      });
    }
  });
  return { width, height: bottom + 18, primitives: out };
}

export function layoutChart(chart: Chart, width: number): ChartLayout {
  switch (chart.type) {
    case 'column':
      return columnChart(chart, width);
    case 'ranking':
      return rankingChart(chart, width);
    case 'line':
      return lineChart(chart, width);
  }
}
