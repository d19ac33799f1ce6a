import { describe, expect, it } from 'vitest';
import type { Diagram, DiagramNode } from '../diagram';
import { layoutDiagram, type PlacedNode } from './layout';

/** A generated company: units with sub-units, processes in them and agreements linked to some. */
export function generatedDiagram(total: number): Diagram {
  const nodes: DiagramNode[] = [{ id: 'C-root', name: 'Firma', type: 'C', containerId: null }];
  const links: Diagram['links'] = [];
  let i = 0;
  while (nodes.length < total) {
    const unit = `O-${i}`;
    nodes.push({ id: unit, name: `Einheit ${i}`, type: 'O', containerId: i % 4 === 3 ? `O-${i - 1}` : 'C-root' });
    for (let p = 0; p < 6 && nodes.length < total; p++) {
      const process = `P-${i}-${p}`;
      nodes.push({ id: process, name: `Verarbeitung ${i}.${p}`, type: 'P', containerId: unit });
      if (p % 2 === 0 && nodes.length < total) {
        nodes.push({ id: `PSA-${i}-${p}`, name: `Dienstleister ${i}.${p}`, type: 'PSA', containerId: 'C-root' });
        links.push({ id: `${process}--PSA-${i}-${p}`, from: process, to: `PSA-${i}-${p}` });
      }
    }
    if (nodes.length < total) nodes.push({ id: `SA-${i}`, name: `Vertrag ${i}`, type: 'SA', containerId: 'C-root' });
    i++;
  }
  return { nodes, links };
}

function absolute(nodes: PlacedNode[]) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const origin = (n: PlacedNode): { x: number; y: number } => {
    const p = n.parentId ? origin(byId.get(n.parentId)!) : { x: 0, y: 0 };
    return { x: p.x + n.x, y: p.y + n.y };
  };
  return nodes.map((n) => ({ ...n, ...origin(n) }));
}

describe('layoutDiagram', () => {
  it('keeps children inside their container and siblings apart', async () => {
    const diagram = generatedDiagram(80);
    const layout = await layoutDiagram(diagram);
    expect(layout.nodes).toHaveLength(80);
    const placed = absolute(layout.nodes);
    const byId = new Map(placed.map((n) => [n.id, n]));
    for (const n of placed) {
      expect(n.width).toBeGreaterThan(0);
      if (!n.parentId) continue;
      const p = byId.get(n.parentId)!;
      expect(n.x).toBeGreaterThanOrEqual(p.x);
      expect(n.y).toBeGreaterThan(p.y + 30);
      expect(n.x + n.width).toBeLessThanOrEqual(p.x + p.width);
      expect(n.y + n.height).toBeLessThanOrEqual(p.y + p.height);
    }
    const overlap = (a: (typeof placed)[number], b: (typeof placed)[number]) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const a of placed) {
      for (const b of placed) if (a !== b && a.parentId === b.parentId) expect(overlap(a, b), `${a.id} ${b.id}`).toBe(false);
    }
    // Parents come before their children, as React Flow needs.
    const order = new Map(layout.nodes.map((n, i) => [n.id, i]));
    for (const n of layout.nodes) if (n.parentId) expect(order.get(n.parentId)!).toBeLessThan(order.get(n.id)!);
  });

  it('lays out 500 nodes', async () => {
    const layout = await layoutDiagram(generatedDiagram(500));
    expect(layout.nodes).toHaveLength(500);
  });

  it('puts a node whose container is unknown at the top level', async () => {
    const layout = await layoutDiagram({
      nodes: [{ id: 'P-x', name: 'Allein', type: 'P', containerId: 'O-fehlt' }],
      links: [{ id: 'l', from: 'P-x', to: 'SA-fehlt' }],
    });
    expect(layout.nodes.map((n) => [n.id, n.parentId])).toEqual([['P-x', undefined]]);
  });
});
