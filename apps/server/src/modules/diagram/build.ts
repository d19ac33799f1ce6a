import type { Diagram, DiagramLink, DiagramNode } from '@pc/shared';

export interface DiagramInput {
  /** The companies drawn, the requested one first; empty when the caller may not read companies. */
  companies: readonly { id: string; name: string; parentId: string | null }[];
  units: readonly { id: string; name: string; companyId: string; parentUnit: string | null; processes: readonly string[] }[];
  processes: readonly { id: string; name: string; companyId: string; processors: readonly string[] }[];
  agreements: readonly { id: string; name: string; companyId: string }[];
}

/**
 * Nodes and links of the organisation diagram from what the caller may read. Containment is
 * `containerId` (company ⊃ unit ⊃ sub-unit ⊃ process); links join a process to the service
 * agreements it names as processors, and to a second unit that also lists it (a process is drawn
 * inside one container only). A unit whose parent chain loops is drawn in its company instead.
 */
export function buildDiagram(input: DiagramInput): Diagram {
  const companyIds = new Set(input.companies.map((c) => c.id));
  const root = input.companies[0]?.id;
  const companyNode = (companyId: string) => (companyIds.has(companyId) ? `C-${companyId}` : null);
  const nodes: DiagramNode[] = input.companies.map((c) => ({
    id: `C-${c.id}`,
    name: c.name,
    type: 'C',
    containerId: c.id !== root && c.parentId && companyIds.has(c.parentId) ? `C-${c.parentId}` : null,
  }));

  const unitIds = new Set(input.units.map((u) => u.id));
  const parentOf = new Map<string, string>();
  const reaches = (from: string, target: string) => {
    for (let at: string | undefined = from; at; at = parentOf.get(at)) if (at === target) return true;
    return false;
  };
  for (const u of input.units) {
    if (u.parentUnit && unitIds.has(u.parentUnit) && !reaches(u.parentUnit, u.id)) parentOf.set(u.id, u.parentUnit);
  }
  for (const u of input.units) {
    const parent = parentOf.get(u.id);
    nodes.push({ id: `O-${u.id}`, name: u.name, type: 'O', containerId: parent ? `O-${parent}` : companyNode(u.companyId) });
  }

  const links: DiagramLink[] = [];
  const link = (from: string, to: string) => links.push({ id: `${from}--${to}`, from, to });
  const unitsOf = new Map<string, string[]>();
  for (const u of input.units) {
    for (const p of new Set(u.processes)) unitsOf.set(p, [...(unitsOf.get(p) ?? []), u.id]);
  }
  const agreementIds = new Set(input.agreements.map((a) => a.id));
  const named = new Set<string>();
  for (const p of input.processes) {
    const [home, ...others] = unitsOf.get(p.id) ?? [];
    nodes.push({ id: `P-${p.id}`, name: p.name, type: 'P', containerId: home ? `O-${home}` : companyNode(p.companyId) });
    for (const o of others) link(`O-${o}`, `P-${p.id}`);
    for (const a of new Set(p.processors)) {
      if (!agreementIds.has(a)) continue;
      named.add(a);
      link(`P-${p.id}`, `PSA-${a}`);
    }
  }
  for (const a of input.agreements) {
    const type = named.has(a.id) ? 'PSA' : 'SA';
    nodes.push({ id: `${type}-${a.id}`, name: a.name, type, containerId: companyNode(a.companyId) });
  }
  return { nodes, links };
}
