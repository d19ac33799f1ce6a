import { z } from 'zod';

export const diagramQuerySchema = z.object({
  /** The company drawn, with its child companies. */
  companyId: z.uuid(),
});
export type DiagramQuery = z.infer<typeof diagramQuerySchema>;

/** Paper of the diagram's PDF, always landscape. */
export const diagramPapers = ['a4', 'a3'] as const;
export type DiagramPaper = (typeof diagramPapers)[number];
export const diagramPdfQuerySchema = diagramQuerySchema.extend({ paper: z.enum(diagramPapers).default('a4') });
export type DiagramPdfQuery = z.infer<typeof diagramPdfQuerySchema>;

/**
 * Chart node types: C company, O organisation unit, P process, SA service agreement, PSA a service
 * agreement a process names as its processor. A node id is `<type>-<uuid>`, so a click can
 * navigate by the prefix alone.
 */
export const diagramNodeTypes = ['C', 'O', 'P', 'SA', 'PSA'] as const;
export type DiagramNodeType = (typeof diagramNodeTypes)[number];

export const diagramNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(diagramNodeTypes),
  /** The C or O node drawn around this one; null at the top. */
  containerId: z.string().nullable(),
});
export type DiagramNode = z.infer<typeof diagramNodeSchema>;

export const diagramLinkSchema = z.object({ id: z.string(), from: z.string(), to: z.string() });
export type DiagramLink = z.infer<typeof diagramLinkSchema>;

export const diagramSchema = z.object({ nodes: z.array(diagramNodeSchema), links: z.array(diagramLinkSchema) });
export type Diagram = z.infer<typeof diagramSchema>;

/** Splits a node id into its prefix and the id of the company, unit, process or agreement. */
export function parseDiagramNodeId(nodeId: string): { type: DiagramNodeType; id: string } | null {
  const dash = nodeId.indexOf('-');
  const type = nodeId.slice(0, dash) as DiagramNodeType;
  return dash > 0 && diagramNodeTypes.includes(type) ? { type, id: nodeId.slice(dash + 1) } : null;
}
