import { type Diagram, type DiagramNodeType, diagramNodeTypes } from '../diagram';
import type { Layout } from './layout';

/** The node colours the screen draws (chart-nodes.tsx): C very light grey, O light grey, P and SA blue, PSA lighter blue. */
const colours: Record<DiagramNodeType, { fill: string; text: string; border: string }> = {
  C: { fill: '#f7f7f7', text: '#212121', border: '#9e9e9e' },
  O: { fill: '#e2e2e2', text: '#212121', border: '#8a8a8a' },
  P: { fill: '#1565c0', text: '#ffffff', border: '#0d47a1' },
  SA: { fill: '#1565c0', text: '#ffffff', border: '#0d47a1' },
  PSA: { fill: '#90caf9', text: '#0b2545', border: '#42a5f5' },
};

export interface SvgTexts {
  title: string;
  company: string;
  /** DD.MM.YYYY */
  date: string;
  legend: string;
  type: Record<DiagramNodeType, string>;
  node: Record<DiagramNodeType, string>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;
const FONT = 'Roboto, Helvetica, Arial, sans-serif';

/** Roboto's average advance is about 0.55 em; wrapping by it keeps lines inside the shape. */
export function wrap(text: string, width: number, fontSize: number): string[] {
  const perLine = Math.max(4, Math.floor(width / (fontSize * 0.55)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    // A word longer than a line is cut into pieces rather than left to overflow.
    for (let w = word; w.length > 0; w = w.slice(perLine)) {
      const piece = w.slice(0, perLine);
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= perLine) line = `${line} ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** The largest font size (13 down to 8) at which the whole name fits the box's text area. */
function fit(text: string, width: number, height: number) {
  for (let size = 13; size >= 8; size--) {
    const lines = wrap(text, width, size);
    if (lines.length * size * 1.2 <= height) return { size, lines };
  }
  return { size: 8, lines: wrap(text, width, 8) };
}

type Rect = { x: number; y: number; width: number; height: number };

function anchor(a: Rect, b: Rect): [number, number, number, number] {
  const ax = a.x + a.width / 2;
  const ay = a.y + a.height / 2;
  const bx = b.x + b.width / 2;
  const by = b.y + b.height / 2;
  if (Math.abs(by - ay) >= Math.abs(bx - ax)) {
    return by >= ay ? [ax, a.y + a.height, bx, b.y] : [ax, a.y, bx, b.y + b.height];
  }
  return bx >= ax ? [a.x + a.width, ay, b.x, by] : [a.x, ay, b.x + b.width, by];
}

/**
 * The organisation chart as plain SVG: rectangles, ellipses, lines and text only (no HTML in a
 * `foreignObject`), so Word, PowerPoint and Visio open it. A header with title, company and
 * date above the chart, the legend below it; names are wrapped and, where long, set smaller,
 * never cut off.
 */
export function chartSvg(layout: Layout, diagram: Diagram, texts: SvgTexts): { svg: string; width: number; height: number } {
  const margin = 24;
  const header = 64;
  const legendHeight = 40;
  const abs = new Map<string, Rect>();
  for (const n of layout.nodes) {
    const parent = n.parentId ? abs.get(n.parentId) : undefined;
    abs.set(n.id, { x: n.x + (parent?.x ?? 0), y: n.y + (parent?.y ?? 0), width: n.width, height: n.height });
  }
  const width = Math.max(layout.width, 640) + 2 * margin;
  const top = margin + header;
  const height = top + layout.height + margin + legendHeight;
  const out: string[] = [];
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(
    `<text x="${margin}" y="${margin + 18}" font-family="${FONT}" font-size="20" font-weight="bold" fill="#0d5673">${esc(texts.title)}</text>`,
    `<text x="${margin}" y="${margin + 42}" font-family="${FONT}" font-size="14" fill="#212121">${esc(texts.company)} · ${esc(texts.date)}</text>`,
  );
  const g: string[] = [];
  const containers = layout.nodes.filter((n) => n.node.type === 'C' || n.node.type === 'O');
  const leaves = layout.nodes.filter((n) => n.node.type !== 'C' && n.node.type !== 'O');
  for (const n of [...containers, ...leaves]) {
    const r = abs.get(n.id)!;
    const c = colours[n.node.type];
    const container = n.node.type === 'C' || n.node.type === 'O';
    const ellipse = n.node.type === 'SA' || n.node.type === 'PSA';
    if (ellipse) {
      g.push(
        `<ellipse cx="${r1(r.x + r.width / 2)}" cy="${r1(r.y + r.height / 2)}" rx="${r1(r.width / 2)}" ry="${r1(r.height / 2)}" fill="${c.fill}" stroke="${c.border}" stroke-width="2"/>`,
      );
    } else {
      g.push(
        `<rect x="${r1(r.x)}" y="${r1(r.y)}" width="${r1(r.width)}" height="${r1(r.height)}" rx="${container ? 8 : 4}" fill="${c.fill}" stroke="${c.border}" stroke-width="${container ? 1 : 2}"/>`,
      );
    }
    const pad = container ? 12 : ellipse ? 26 : 10;
    const textWidth = r.width - 2 * pad;
    const typeY = r.y + (container ? 18 : 16);
    const anchorX = container ? r.x + pad : r.x + r.width / 2;
    const align = container ? 'start' : 'middle';
    g.push(
      `<text x="${r1(anchorX)}" y="${r1(typeY)}" font-family="${FONT}" font-size="10" fill="${c.text}" fill-opacity="0.85" text-anchor="${align}">${esc(texts.node[n.node.type])}</text>`,
    );
    const available = container ? 22 : r.height - 24;
    const { size, lines } = fit(n.node.name, textWidth, available);
    const weight = container ? 'bold' : 'normal';
    lines.forEach((line, i) => {
      g.push(
        `<text x="${r1(anchorX)}" y="${r1(typeY + 4 + (i + 1) * size * 1.2)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${c.text}" text-anchor="${align}">${esc(line)}</text>`,
      );
    });
  }
  for (const l of diagram.links) {
    const a = abs.get(l.from);
    const b = abs.get(l.to);
    if (!a || !b) continue;
    const [x1, y1, x2, y2] = anchor(a, b);
    g.push(
      `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="#37474f" stroke-width="1.5" marker-end="url(#arrow)"/>`,
    );
  }
  out.push(`<g transform="translate(${margin} ${top})">${g.join('')}</g>`);
  // Legend: one shape and name per node type.
  const ly = top + layout.height + margin + 10;
  let lx = margin;
  out.push(
    `<text x="${lx}" y="${ly + 12}" font-family="${FONT}" font-size="12" font-weight="bold" fill="#212121">${esc(texts.legend)}:</text>`,
  );
  lx += 70;
  for (const type of diagramNodeTypes) {
    const c = colours[type];
    const shape =
      type === 'SA' || type === 'PSA'
        ? `<ellipse cx="${lx + 14}" cy="${ly + 8}" rx="14" ry="8" fill="${c.fill}" stroke="${c.border}" stroke-width="1.5"/>`
        : `<rect x="${lx}" y="${ly}" width="22" height="16" rx="3" fill="${c.fill}" stroke="${c.border}" stroke-width="1.5"/>`;
    out.push(
      shape,
      `<text x="${lx + 34}" y="${ly + 12}" font-family="${FONT}" font-size="12" fill="#212121">${esc(texts.type[type])}</text>`,
    );
    lx += 44 + texts.type[type].length * 6.8;
  }
  const defs =
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#37474f"/></marker></defs>';
  const w = Math.max(width, lx + margin);
  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${r1(w)}" height="${r1(height)}" viewBox="0 0 ${r1(w)} ${r1(height)}"><title>${esc(`${texts.title} ${texts.company}`)}</title>${defs}${out.join('')}</svg>`;
  return { svg, width: w, height };
}
