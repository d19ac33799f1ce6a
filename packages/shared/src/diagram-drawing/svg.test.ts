import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import type { Diagram } from '../diagram';
import { layoutDiagram } from './layout';
import { chartSvg, wrap } from './svg';

const texts = {
  title: 'Organigramm',
  company: 'Bäckerei Schmidt & Söhne',
  date: '27.11.2026',
  legend: 'Legende',
  type: {
    C: 'Firma',
    O: 'Organisationseinheit',
    P: 'Verarbeitungstätigkeit',
    SA: 'Auftragsverarbeitung',
    PSA: 'Auftragsverarbeiter',
  },
  node: { C: 'Firma', O: 'Organisationseinheit', P: 'Verarbeitungstätigkeit', SA: 'Vereinbarung', PSA: 'Auftragsverarbeiter' },
};

/** Element names and the text of every <text> element, from a real XML parser (fails on malformed XML). */
function parse(xml: string) {
  const parser = new SaxesParser();
  const elements: string[] = [];
  const lines: string[] = [];
  let inText = false;
  parser.on('opentag', (t) => {
    elements.push(t.name);
    inText = t.name === 'text';
    if (inText) lines.push('');
  });
  parser.on('text', (s) => {
    if (inText) lines[lines.length - 1] += s;
  });
  parser.on('closetag', () => {
    inText = false;
  });
  parser.write(xml).close();
  return { elements, lines };
}

describe('organisation chart as plain SVG', () => {
  it('is well-formed XML of shapes and text only, with title, company, date and legend, and full names', async () => {
    const long = 'Verarbeitung von Bewerberdaten im Rahmen des Auswahlverfahrens für Auszubildende <Filiale>';
    const diagram: Diagram = {
      nodes: [
        { id: 'C-1', name: 'Bäckerei Schmidt & Söhne', type: 'C', containerId: null },
        { id: 'O-1', name: 'Personalabteilung', type: 'O', containerId: 'C-1' },
        { id: 'P-1', name: long, type: 'P', containerId: 'O-1' },
        { id: 'PSA-1', name: 'Lohnbüro Meier GmbH', type: 'PSA', containerId: 'C-1' },
        { id: 'SA-1', name: 'Cloud-Speicher', type: 'SA', containerId: 'C-1' },
      ],
      links: [{ id: 'P-1--PSA-1', from: 'P-1', to: 'PSA-1' }],
    };
    const { svg, width, height } = chartSvg(await layoutDiagram(diagram), diagram, texts);
    const { elements, lines } = parse(svg);
    expect(elements[0]).toBe('svg');
    expect(elements).not.toContain('foreignObject');
    expect(new Set(elements)).toEqual(
      new Set(['svg', 'title', 'defs', 'marker', 'path', 'rect', 'text', 'g', 'ellipse', 'line']),
    );
    expect(lines).toContain('Organigramm');
    expect(lines).toContain('Bäckerei Schmidt & Söhne · 27.11.2026');
    expect(lines).toContain('Legende:');
    for (const name of Object.values(texts.type)) expect(lines).toContain(name);
    // The long name is wrapped over several lines, none of them cut: together they are the name.
    const start = lines.findIndex((l) => long.startsWith(l) && l.length > 5);
    const joined = lines.slice(start, start + 8).join(' ');
    expect(joined.startsWith(long)).toBe(true);
    expect(lines.filter((l) => long.includes(l) && l.length > 5).length).toBeGreaterThan(1);
    expect(width).toBeGreaterThan(600);
    expect(height).toBeGreaterThan(200);
  });

  it('wraps by words and cuts only a word longer than a line', () => {
    expect(wrap('Eins zwei drei vier', 60, 10)).toEqual(['Eins zwei', 'drei vier']);
    expect(wrap('Donaudampfschifffahrtsgesellschaft', 60, 10).join('')).toBe('Donaudampfschifffahrtsgesellschaft');
  });
});
