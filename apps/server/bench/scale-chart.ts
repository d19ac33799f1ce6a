/**
 * The growth curves' chart (docs/performance/scale.svg), drawn from the rows of bench/scale.json
 * without a charting library: one panel per family, p95 (log-scaled y axis) over a log-scaled x
 * axis (items, or companies for the agency family), one line per case and database, and a legend beside each panel.
 */

export type ScaleFamily = 'installation' | 'one company' | 'agency';

export interface ScaleRow {
  family: ScaleFamily;
  case: string;
  database: 'pglite' | 'postgres';
  items: number;
  companies: number;
  p50: number;
  p95: number;
  p99: number;
  /** The case's p95 budget in ms (null: none, e.g. the platform cost, whose goal is its p50). */
  budget: number | null;
}

const FAMILIES: { family: ScaleFamily; title: string; x: 'items' | 'companies' }[] = [
  { family: 'installation', title: 'Installation size: items over all tenants (PostgreSQL)', x: 'items' },
  { family: 'one company', title: 'Items in one company', x: 'items' },
  { family: 'agency', title: 'Companies an agency sees', x: 'companies' },
];

const COLOURS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#ad494a',
  '#637939',
  '#843c39',
];

/** 1 → "1", 1000 → "1k", 10000000 → "10M". */
export function tickLabel(x: number) {
  if (x >= 1_000_000) return `${x / 1_000_000}M`;
  if (x >= 1_000) return `${x / 1_000}k`;
  return String(x);
}

/** The powers of ten from the one at or below `min` to the one at or above `max`. */
export function logTicks(min: number, max: number) {
  const lo = Math.floor(Math.log10(Math.max(1, min)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(1, max))));
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e++) ticks.push(10 ** e);
  return ticks;
}

/** The y axis's ticks (ms, log scale): 1, 2 and 5 times the powers of ten that span the values. */
export function yTicks(min: number, max: number) {
  const ticks = logTicks(Math.max(0.1, min) * 10, Math.max(max, 1) * 10).map((t) => t / 10);
  return ticks.flatMap((t, i) => (i === ticks.length - 1 ? [t] : [t, 2 * t, 5 * t]));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n1 = (x: number) => Number(x.toFixed(1));

/** The SVG document: a panel per family that has rows, in the order installation, one company, agency. */
export function drawScaleChart(rows: readonly ScaleRow[], opts: { subtitle?: string } = {}) {
  const W = 1100;
  const panelH = 360;
  const plot = { left: 70, top: 40, width: 560, height: 270 };
  const legendX = plot.left + plot.width + 30;
  const panels = FAMILIES.filter((f) => rows.some((r) => r.family === f.family));
  const head = opts.subtitle ? 56 : 36;
  const H = head + panels.length * panelH + 10;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    '<title>Growth curves: p95 per request as the data grows, per case and database</title>',
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="16" font-weight="bold">Growth curves: p95 per request (ms) as the data grows</text>`,
  ];
  if (opts.subtitle) out.push(`<text x="${W / 2}" y="42" text-anchor="middle" fill="#555">${esc(opts.subtitle)}</text>`);
  panels.forEach((f, pi) => {
    const y0 = head + pi * panelH;
    const mine = rows.filter((r) => r.family === f.family);
    const xs = mine.map((r) => (f.x === 'items' ? r.items : r.companies));
    const ticks = logTicks(Math.min(...xs), Math.max(...xs));
    const lx0 = Math.log10(ticks[0]!);
    const lx1 = Math.log10(ticks[ticks.length - 1]!);
    const yt = yTicks(Math.min(...mine.map((r) => r.p95)), Math.max(...mine.map((r) => r.p95)));
    const ly0 = Math.log10(yt[0]!);
    const ly1 = Math.log10(yt[yt.length - 1]!);
    const px = (x: number) => n1(plot.left + ((Math.log10(Math.max(1, x)) - lx0) / (lx1 - lx0)) * plot.width);
    const py = (y: number) =>
      n1(y0 + plot.top + plot.height - ((Math.log10(Math.max(yt[0]!, y)) - ly0) / (ly1 - ly0)) * plot.height);
    out.push(`<g class="panel" data-family="${esc(f.family)}">`);
    out.push(`<text x="${plot.left}" y="${y0 + 24}" font-size="14" font-weight="bold">${esc(f.title)}</text>`);
    // Axes, grid and ticks.
    for (const y of yt) {
      out.push(
        `<line x1="${plot.left}" x2="${plot.left + plot.width}" y1="${py(y)}" y2="${py(y)}" stroke="#e5e5e5"/>`,
        `<text class="y-tick" data-value="${y}" x="${plot.left - 6}" y="${py(y) + 4}" text-anchor="end">${n1(y)}</text>`,
      );
    }
    for (const t of ticks) {
      out.push(
        `<line class="x-tick" data-value="${t}" x1="${px(t)}" x2="${px(t)}" y1="${y0 + plot.top}" y2="${y0 + plot.top + plot.height}" stroke="#e5e5e5"/>`,
        `<text x="${px(t)}" y="${y0 + plot.top + plot.height + 16}" text-anchor="middle">${tickLabel(t)}</text>`,
      );
    }
    out.push(
      `<line x1="${plot.left}" x2="${plot.left}" y1="${y0 + plot.top}" y2="${y0 + plot.top + plot.height}" stroke="#333"/>`,
      `<line x1="${plot.left}" x2="${plot.left + plot.width}" y1="${y0 + plot.top + plot.height}" y2="${y0 + plot.top + plot.height}" stroke="#333"/>`,
      `<text x="${plot.left + plot.width / 2}" y="${y0 + plot.top + plot.height + 34}" text-anchor="middle">${f.x === 'items' ? 'items (log scale)' : 'companies in the agency (log scale)'}</text>`,
      `<text transform="translate(${plot.left - 48} ${y0 + plot.top + plot.height / 2}) rotate(-90)" text-anchor="middle">p95 ms (log scale)</text>`,
    );
    // One line per case and database, points at each step.
    const series = [...new Set(mine.map((r) => `${r.case} (${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'})`))];
    series.forEach((name, si) => {
      const colour = COLOURS[si % COLOURS.length]!;
      // PGlite's lines dashed, PostgreSQL's solid.
      const dash = name.endsWith('(PGlite)') ? ' stroke-dasharray="6 3"' : '';
      const pts = mine
        .filter((r) => `${r.case} (${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'})` === name)
        .map((r) => [px(f.x === 'items' ? r.items : r.companies), py(r.p95)] as const)
        .sort((a, b) => a[0] - b[0]);
      out.push(
        `<polyline class="series" data-name="${esc(name)}" fill="none" stroke="${colour}" stroke-width="2"${dash} points="${pts.map((p) => p.join(',')).join(' ')}"/>`,
      );
      for (const [x, y] of pts) out.push(`<circle cx="${x}" cy="${y}" r="3" fill="${colour}"/>`);
      const ly = y0 + plot.top + 4 + si * 16;
      out.push(
        `<line x1="${legendX}" x2="${legendX + 20}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"${dash}/>`,
        `<text class="legend" x="${legendX + 26}" y="${ly + 4}">${esc(name)}</text>`,
      );
    });
    out.push('</g>');
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
