/**
 * Charts of generated documents as plain SVG (paths, rectangles, circles and text only), which
 * pdfmake draws as vectors and a PDF reader extracts as text.
 */
import { sparkPath, type TrendPoint } from '@pc/shared';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (n: number) => Math.round(n * 10) / 10;

/** The radar's tones, as on the dashboard: red below 50 %, amber below 100 %, green at 100 %. */
export const radarTone = (progress: number) => (progress >= 100 ? '#2e7d32' : progress >= 50 ? '#ed6c02' : '#c62828');
const inactive = '#e3e8eb';

function point(cx: number, cy: number, radius: number, degrees: number): [number, number] {
  // 0° is straight up, angles grow clockwise.
  const rad = ((degrees - 90) * Math.PI) / 180;
  return [cx + radius * Math.cos(rad), cy + radius * Math.sin(rad)];
}

function sector(cx: number, cy: number, inner: number, outer: number, start: number, end: number) {
  const large = end - start > 180 ? 1 : 0;
  const [x1, y1] = point(cx, cy, outer, start);
  const [x2, y2] = point(cx, cy, outer, end);
  const [x3, y3] = point(cx, cy, inner, end);
  const [x4, y4] = point(cx, cy, inner, start);
  return `M${f(x1)} ${f(y1)} A${outer} ${outer} 0 ${large} 1 ${f(x2)} ${f(y2)} L${f(x3)} ${f(y3)} A${inner} ${inner} 0 ${large} 0 ${f(x4)} ${f(y4)} Z`;
}

/**
 * The privacy radar: one sector per register with ten rings, a ring filled per 10 % of closed
 * items; the register's code outside, the average in the centre. With `previous`, a dark tick
 * on each sector marks the earlier figure.
 */
export function radarSvg(categories: { code: string; progress: number; previous?: number | null }[], average: number) {
  const size = 400;
  const c = size / 2;
  const innerR = 46;
  const outerR = 160;
  const labelR = 180;
  const steps = 10;
  const ring = (outerR - innerR) / steps;
  const n = Math.max(categories.length, 1);
  const width = 360 / n;
  const gap = n > 1 ? 1.6 : 0;
  const parts: string[] = [];
  categories.forEach((cat, i) => {
    const start = i * width + gap / 2;
    const end = (i + 1) * width - gap / 2;
    for (let s = 0; s < steps; s++) {
      const active = cat.progress >= (s + 1) * 10;
      const r0 = innerR + s * ring + 1;
      parts.push(
        `<path d="${sector(c, c, r0, r0 + ring - 2, start, end)}" fill="${active ? radarTone(cat.progress) : inactive}"/>`,
      );
    }
    if (cat.previous != null) {
      const r = innerR + (Math.min(cat.previous, 100) / 100) * (outerR - innerR);
      parts.push(`<path d="${sector(c, c, Math.max(innerR, r - 1.5), r + 1.5, start + 2, end - 2)}" fill="#1b2733"/>`);
    }
    const [x, y] = point(c, c, labelR, (i + 0.5) * width);
    parts.push(
      `<text x="${f(x)}" y="${f(y + 4)}" font-family="Roboto" font-size="12" font-weight="bold" fill="#1b2733" text-anchor="middle">${esc(cat.code)}</text>`,
    );
  });
  parts.push(`<circle cx="${c}" cy="${c}" r="${innerR - 4}" fill="#0d5673"/>`);
  parts.push(
    `<text x="${c}" y="${c + 7}" font-family="Roboto" font-size="20" font-weight="bold" fill="#ffffff" text-anchor="middle">${Math.round(average)} %</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join('')}</svg>`;
}

/** Grouped bars per period: booked, planned and budget hours, with a legend and the periods below. */
export function barsSvg(
  groups: { label: string; values: (number | null)[] }[],
  series: { name: string; colour: string }[],
  formatValue: (n: number) => string,
) {
  const width = 495;
  const height = 210;
  const left = 44;
  const bottom = height - 40;
  const top = 28;
  const max = Math.max(1, ...groups.flatMap((g) => g.values.map((v) => v ?? 0)));
  const scale = (bottom - top) / max;
  const slot = (width - left) / Math.max(groups.length, 1);
  const bar = Math.min(22, (slot - 10) / series.length);
  const parts: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const v = (max / 4) * i;
    const y = bottom - v * scale;
    parts.push(`<path d="M${left} ${f(y)} H${width}" stroke="#dde4e8" stroke-width="0.7"/>`);
    parts.push(
      `<text x="${left - 6}" y="${f(y + 3)}" font-family="Roboto" font-size="8" fill="#5b6770" text-anchor="end">${esc(formatValue(v))}</text>`,
    );
  }
  groups.forEach((g, i) => {
    const x0 = left + i * slot + (slot - bar * series.length) / 2;
    g.values.forEach((v, j) => {
      if (v == null) return;
      const h = Math.max(v * scale, v > 0 ? 1 : 0);
      parts.push(
        `<rect x="${f(x0 + j * bar)}" y="${f(bottom - h)}" width="${f(bar - 2)}" height="${f(h)}" fill="${series[j]!.colour}"/>`,
      );
    });
    parts.push(
      `<text x="${f(left + i * slot + slot / 2)}" y="${bottom + 14}" font-family="Roboto" font-size="8.5" fill="#1b2733" text-anchor="middle">${esc(g.label)}</text>`,
    );
  });
  series.forEach((s, j) => {
    const x = left + j * 120;
    parts.push(`<rect x="${x}" y="4" width="10" height="10" fill="${s.colour}"/>`);
    parts.push(`<text x="${x + 14}" y="13" font-family="Roboto" font-size="9" fill="#1b2733">${esc(s.name)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/**
 * A register's trend as a small line chart, as the dashboard's tile draws it: open (blue) and
 * overdue (red) at each weekly point on the register's own scale (its largest open count at the
 * top), over a zero line; a dot marks the latest point of each line.
 */
export function sparkSvg(points: readonly TrendPoint[], colours: { open: string; overdue: string }) {
  const width = 120;
  const height = 26;
  const pad = 2.5;
  const max = Math.max(1, ...points.map((p) => p.open));
  const parts = [`<path d="${sparkPath([0, 0], width, height, 1, pad)}" stroke="#dde4e8" stroke-width="0.8" fill="none"/>`];
  for (const [key, colour] of [
    ['open', colours.open],
    ['overdue', colours.overdue],
  ] as const) {
    const values = points.map((p) => p[key]);
    parts.push(`<path d="${sparkPath(values, width, height, max, pad)}" stroke="${colour}" stroke-width="1.4" fill="none"/>`);
    const last = values.at(-1) ?? 0;
    const y = height - pad - (last / max) * (height - 2 * pad);
    parts.push(`<circle cx="${width - pad}" cy="${f(y)}" r="1.8" fill="${colour}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
