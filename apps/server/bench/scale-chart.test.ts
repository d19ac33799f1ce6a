import { describe, expect, it } from 'vitest';
import { drawScaleChart, logTicks, type ScaleRow, tickLabel, yTicks } from './scale-chart';

type El = { name: string; attrs: Record<string, string>; children: El[]; text: string };

/** A strict little XML reader for the chart: every tag closes in order, attributes are quoted. */
function parse(xml: string): El {
  const root: El = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9-:]*="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < xml.length) {
    tag.lastIndex = at;
    m = tag.exec(xml);
    if (!m) throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    at = tag.lastIndex;
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += m[5];
      continue;
    }
    const [, close, name, attrText, selfClose] = m as unknown as [string, string, string, string, string];
    if (close) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs = Object.fromEntries([...attrText.matchAll(/([a-zA-Z][a-zA-Z0-9-:]*)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    const el: El = { name, attrs, children: [], text: '' };
    top.children.push(el);
    if (!selfClose) stack.push(el);
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> is not closed`);
  return root;
}

const all = (el: El, pred: (e: El) => boolean): El[] => [...(pred(el) ? [el] : []), ...el.children.flatMap((c) => all(c, pred))];

const row = (family: ScaleRow['family'], name: string, items: number, companies: number, p95: number): ScaleRow => ({
  family,
  case: name,
  database: 'postgres',
  items,
  companies,
  p50: p95 / 2,
  p95,
  p99: p95 * 1.2,
  budget: 25,
});

describe('growth curves chart', () => {
  it('labels powers of ten and spans the values with them', () => {
    expect(logTicks(100_000, 10_000_000)).toEqual([100_000, 1_000_000, 10_000_000]);
    expect(logTicks(1, 5_000)).toEqual([1, 10, 100, 1_000, 10_000]);
    expect([1, 100, 1_000, 100_000, 10_000_000].map(tickLabel)).toEqual(['1', '100', '1k', '100k', '10M']);
    expect(yTicks(3, 40)).toEqual([1, 2, 5, 10, 20, 50, 100]);
  });

  it('draws a panel per family, a line per case and database, on log-scaled axes', () => {
    const rows = [
      ...[100_000, 1_000_000, 10_000_000].flatMap((n) => [
        row('installation', 'list page 50', n, 10_000, 5),
        row('installation', 'search: rare word', n, 10_000, 12),
      ]),
      ...[1, 100, 1_000].map((c) => row('agency', 'scope tree', 20 * c, c, c)),
    ];
    const svg = parse(drawScaleChart(rows, { subtitle: 'machine <quiet> & idle' })).children[0]!;
    expect(svg.name).toBe('svg');
    const panels = all(svg, (e) => e.attrs.class === 'panel');
    expect(panels.map((p) => p.attrs['data-family'])).toEqual(['installation', 'agency']);

    // Installation: ticks at 100k, 1M and 10M, equally spaced; the middle step sits on the middle tick.
    const install = panels[0]!;
    const ticks = all(install, (e) => e.attrs.class === 'x-tick');
    expect(ticks.map((t) => Number(t.attrs['data-value']))).toEqual([100_000, 1_000_000, 10_000_000]);
    const tx = ticks.map((t) => Number(t.attrs.x1));
    expect(tx[1]! - tx[0]!).toBeCloseTo(tx[2]! - tx[1]!, 0);
    const lines = all(install, (e) => e.name === 'polyline');
    expect(lines.map((l) => l.attrs['data-name'])).toEqual(['list page 50 (PostgreSQL)', 'search: rare word (PostgreSQL)']);
    const points = lines[0]!.attrs.points!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    expect(points.map((p) => p[0])).toEqual(tx);
    // A flat curve is drawn flat.
    expect(new Set(points.map((p) => p[1])).size).toBe(1);
    const legend = all(install, (e) => e.attrs.class === 'legend').map((e) => e.text);
    expect(legend).toEqual(['list page 50 (PostgreSQL)', 'search: rare word (PostgreSQL)']);

    // Agency: the x axis counts companies; a p95 in proportion to them climbs the log y axis as far per decade.
    const agency = panels[1]!;
    expect(all(agency, (e) => e.attrs.class === 'x-tick').map((t) => Number(t.attrs['data-value']))).toEqual([1, 10, 100, 1_000]);
    const ys = all(agency, (e) => e.name === 'polyline')[0]!
      .attrs.points!.split(' ')
      .map((p) => Number(p.split(',')[1]));
    expect(ys[0]! - ys[1]!).toBeCloseTo(2 * (ys[1]! - ys[2]!), 0);
  });
});
