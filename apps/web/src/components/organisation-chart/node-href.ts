import { parseDiagramNodeId } from '@pc/shared';

/** Where a click on a node leads (by the prefix of its id). */
export function nodeHref(nodeId: string): string | null {
  const parsed = parseDiagramNodeId(nodeId);
  if (!parsed) return null;
  switch (parsed.type) {
    case 'C':
      return `/company/${parsed.id}`;
    case 'O':
      return `/organisation-unit/${parsed.id}`;
    case 'P':
      return `/process/${parsed.id}`;
    case 'SA':
    case 'PSA':
      // The redirect page finds which of the three agreement registers the id belongs to.
      return `/service-agreement/${parsed.id}`;
  }
}
