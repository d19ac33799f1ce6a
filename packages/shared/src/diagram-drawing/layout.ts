import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { Diagram, DiagramNode, DiagramNodeType } from '../diagram';

/** Sizes of the leaf shapes; containers grow around their children. */
export const leafSize: Record<Exclude<DiagramNodeType, 'C' | 'O'>, { width: number; height: number }> = {
  P: { width: 200, height: 64 },
  SA: { width: 200, height: 72 },
  PSA: { width: 200, height: 72 },
};
const containerTypes: readonly DiagramNodeType[] = ['C', 'O'];

export interface PlacedNode {
  id: string;
  node: DiagramNode;
  /** Relative to the container (React Flow's parentId convention, which ELK shares). */
  x: number;
  y: number;
  width: number;
  height: number;
  parentId?: string;
}

export interface Layout {
  nodes: PlacedNode[];
  width: number;
  height: number;
}

const layoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  // Each container is laid out on its own, so its unconnected children are packed to the aspect
  // ratio: laying out all levels at once put 500 nodes in one row 70 000 px wide.
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.spacing.nodeNode': '24',
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.spacing.componentComponent': '32',
  'elk.aspectRatio': '1.6',
  // Links rarely stay inside one container, so little is left to optimise: the cheapest settings
  // took 500 nodes from 1.3 s to 0.5 s (cold, in Node) with the same result.
  'elk.layered.thoroughness': '1',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
};
/** Room at the top of a container for its title. */
const containerPadding = '[top=44,left=16,bottom=16,right=16]';

let elk: ELK | null = null;

/**
 * Places the diagram with ELK's layered algorithm: companies and units become compound nodes
 * around their children, so nothing overlaps. A node whose container is missing from the answer
 * sits at the top level.
 */
export async function layoutDiagram(diagram: Diagram): Promise<Layout> {
  // Loaded with the first layout: ELK is a large script that neither the server's start nor a
  // page without a chart should pay for.
  if (!elk) {
    const { default: Elk } = await import('elkjs/lib/elk.bundled.js');
    elk ??= new Elk();
  }
  const ids = new Set(diagram.nodes.map((n) => n.id));
  const elkNodes = new Map<string, ElkNode>();
  for (const n of diagram.nodes) {
    const container = containerTypes.includes(n.type);
    elkNodes.set(n.id, {
      id: n.id,
      ...(container
        ? { children: [], layoutOptions: { ...layoutOptions, 'elk.padding': containerPadding } }
        : leafSize[n.type as keyof typeof leafSize]),
    });
  }
  const roots: ElkNode[] = [];
  for (const n of diagram.nodes) {
    const parent = n.containerId && ids.has(n.containerId) ? elkNodes.get(n.containerId) : undefined;
    (parent?.children ?? roots).push(elkNodes.get(n.id)!);
  }
  // An empty container still needs a size for its title.
  for (const n of elkNodes.values()) {
    if (n.children && n.children.length === 0) {
      n.width = 220;
      n.height = 72;
      delete n.children;
    }
  }
  // Separate layouts see only links inside one container; React Flow draws every link anyway.
  const parentOf = new Map<string, string | null>(
    diagram.nodes.map((n) => [n.id, n.containerId && ids.has(n.containerId) ? n.containerId : null]),
  );
  const edgesIn = new Map<string | null, ElkExtendedEdge[]>();
  for (const l of diagram.links) {
    const parent = parentOf.get(l.from);
    if (parent === undefined || parent !== parentOf.get(l.to)) continue;
    edgesIn.set(parent, [...(edgesIn.get(parent) ?? []), { id: l.id, sources: [l.from], targets: [l.to] }]);
  }
  for (const [parent, edges] of edgesIn) if (parent) elkNodes.get(parent)!.edges = edges;
  const input: ElkNode = { id: 'root', layoutOptions, children: roots, edges: edgesIn.get(null) ?? [] };
  const graph = await elk.layout(input);

  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const placed: PlacedNode[] = [];
  const walk = (children: ElkNode[] | undefined, parentId?: string) => {
    for (const c of children ?? []) {
      placed.push({
        id: c.id,
        node: byId.get(c.id)!,
        x: c.x ?? 0,
        y: c.y ?? 0,
        width: c.width ?? 0,
        height: c.height ?? 0,
        ...(parentId ? { parentId } : {}),
      });
      walk(c.children, c.id);
    }
  };
  walk(graph.children);
  return { nodes: placed, width: graph.width ?? 0, height: graph.height ?? 0 };
}
