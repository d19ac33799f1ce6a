import type { DiagramNode, DiagramNodeType } from '@pc/shared';
import { Link } from '@tanstack/react-router';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { nodeHref } from './node-href';

/** Node colours: C very light grey, O light grey, P and SA blue, PSA lighter blue. */
export const nodeColours: Record<DiagramNodeType, { fill: string; text: string; border: string }> = {
  C: { fill: '#f7f7f7', text: '#212121', border: '#9e9e9e' },
  O: { fill: '#e2e2e2', text: '#212121', border: '#8a8a8a' },
  P: { fill: '#1565c0', text: '#ffffff', border: '#0d47a1' },
  SA: { fill: '#1565c0', text: '#ffffff', border: '#0d47a1' },
  PSA: { fill: '#90caf9', text: '#0b2545', border: '#42a5f5' },
};

/** Node shapes: C and O containers and P rectangles, SA and PSA ellipses. */
export function shapeStyle(type: DiagramNodeType): CSSProperties {
  const c = nodeColours[type];
  const container = type === 'C' || type === 'O';
  return {
    background: c.fill,
    color: c.text,
    border: `${container ? 1 : 2}px solid ${c.border}`,
    borderRadius: type === 'SA' || type === 'PSA' ? '50%' : container ? 8 : 4,
  };
}

export type ChartNode = Node<{ node: DiagramNode }, 'diagram'>;

const hiddenHandle: CSSProperties = { opacity: 0, pointerEvents: 'none', border: 0, minWidth: 0, minHeight: 0 };
export const sides = { top: Position.Top, bottom: Position.Bottom, left: Position.Left, right: Position.Right } as const;
export type Side = keyof typeof sides;

/** A hidden source and target handle on every side: a link leaves on the side facing its other end. */
function Handles() {
  return (
    <>
      {(Object.keys(sides) as Side[]).map((side) => (
        <span key={side}>
          <Handle id={`source-${side}`} type="source" position={sides[side]} style={hiddenHandle} isConnectable={false} />
          <Handle id={`target-${side}`} type="target" position={sides[side]} style={hiddenHandle} isConnectable={false} />
        </span>
      ))}
    </>
  );
}

/** One node: its shape and a link (keyboard and click) to the unit, process, agreement or company. */
export function DiagramNodeView({ data }: NodeProps<ChartNode>) {
  const { t } = useTranslation();
  const { node } = data;
  const container = node.type === 'C' || node.type === 'O';
  const href = nodeHref(node.id);
  const typeLabel = t(`diagram.node.${node.type}`);
  return (
    <div
      data-node-type={node.type}
      style={{
        ...shapeStyle(node.type),
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        alignItems: container ? 'stretch' : 'center',
        justifyContent: container ? 'flex-start' : 'center',
        padding: container ? '6px 12px' : node.type === 'P' ? '6px 10px' : '8px 26px',
        textAlign: container ? 'left' : 'center',
        fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
      }}
    >
      <Handles />
      <span
        style={{
          fontSize: 11,
          lineHeight: '14px',
          opacity: 0.85,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {typeLabel}
      </span>
      {href ? (
        <Link
          to={href}
          className="nodrag nopan"
          aria-label={t('diagram.nodeLink', { type: typeLabel, name: node.name })}
          style={{
            color: 'inherit',
            fontSize: 13,
            fontWeight: container ? 600 : 500,
            lineHeight: '16px',
            textDecoration: 'none',
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: container ? 1 : 2,
            WebkitBoxOrient: 'vertical',
            wordBreak: 'break-word',
          }}
          title={node.name}
        >
          {node.name}
        </Link>
      ) : (
        <span style={{ fontSize: 13 }}>{node.name}</span>
      )}
    </div>
  );
}
