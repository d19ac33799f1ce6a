import '@xyflow/react/dist/style.css';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import Download from '@mui/icons-material/Download';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type Diagram,
  type DiagramNodeType,
  type DiagramPaper,
  diagramNodeTypes,
  diagramPapers,
  diagramSchema,
} from '@pc/shared';
import { chartSvg, type Layout, layoutDiagram } from '@pc/shared/diagram-drawing';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type Edge, MarkerType, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import { RetryAlert } from '../retry-alert';
import { type ChartNode, DiagramNodeView, type Side, shapeStyle } from './chart-nodes';
import { exportFileName, type ImageFormat, imageFormats } from './export';
import { nodeHref } from './node-href';
import { rasterise } from './rasterise';

const nodeTypes = { diagram: DiagramNodeView };

function useDiagram(companyId: string) {
  return useQuery({
    queryKey: ['diagram', companyId],
    queryFn: ({ signal }) => apiRequest(`/diagram?companyId=${encodeURIComponent(companyId)}`, { schema: diagramSchema, signal }),
  });
}

/** Lays the diagram out off the render path; logs how long ELK took (the 500-node figure is measured in the browser test). */
function useLayout(diagram: Diagram | undefined) {
  const [state, setState] = useState<{ layout: Layout | null; error: boolean }>({ layout: null, error: false });
  useEffect(() => {
    if (!diagram) return;
    let current = true;
    const started = performance.now();
    layoutDiagram(diagram).then(
      (layout) => {
        if (!current) return;
        console.info(`diagram layout: ${diagram.nodes.length} nodes in ${Math.round(performance.now() - started)} ms`);
        setState({ layout, error: false });
      },
      () => current && setState({ layout: null, error: true }),
    );
    return () => {
      current = false;
    };
  }, [diagram]);
  return state;
}

/** The sides of two boxes that face each other. */
function facingSides(a: Rect, b: Rect): [Side, Side] {
  const dx = b.x + b.width / 2 - (a.x + a.width / 2);
  const dy = b.y + b.height / 2 - (a.y + a.height / 2);
  if (Math.abs(dy) >= Math.abs(dx)) return dy >= 0 ? ['bottom', 'top'] : ['top', 'bottom'];
  return dx >= 0 ? ['right', 'left'] : ['left', 'right'];
}

type Rect = { x: number; y: number; width: number; height: number };

function toFlow(layout: Layout, diagram: Diagram): { nodes: ChartNode[]; edges: Edge[] } {
  const byId = new Map(layout.nodes.map((n) => [n.id, n]));
  const absolute = new Map<string, Rect>();
  for (const n of layout.nodes) {
    // Parents come first, so theirs is known.
    const parent = n.parentId ? absolute.get(n.parentId) : undefined;
    absolute.set(n.id, { x: n.x + (parent?.x ?? 0), y: n.y + (parent?.y ?? 0), width: n.width, height: n.height });
  }
  return {
    nodes: layout.nodes.map((n) => ({
      id: n.id,
      type: 'diagram',
      position: { x: n.x, y: n.y },
      width: n.width,
      height: n.height,
      style: { width: n.width, height: n.height },
      data: { node: n.node },
      ...(n.parentId ? { parentId: n.parentId } : {}),
      // Containers stay behind their children.
      zIndex: n.node.type === 'C' || n.node.type === 'O' ? 0 : 1,
    })),
    edges: diagram.links
      .filter((l) => byId.has(l.from) && byId.has(l.to))
      .map((l) => {
        const [from, to] = facingSides(absolute.get(l.from)!, absolute.get(l.to)!);
        return {
          id: l.id,
          source: l.from,
          target: l.to,
          sourceHandle: `source-${from}`,
          targetHandle: `target-${to}`,
          style: { stroke: '#37474f', strokeWidth: 1.5 },
          markerEnd: { type: MarkerType.ArrowClosed, color: '#37474f' },
          zIndex: 2,
        };
      }),
  };
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('diagram.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, px: 2, py: 1, alignItems: 'center' }}
    >
      {diagramNodeTypes.map((type: DiagramNodeType) => (
        <Box component="li" key={type} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box aria-hidden sx={{ ...shapeStyle(type), width: type === 'SA' || type === 'PSA' ? 28 : 22, height: 16 }} />
          <Typography variant="body2">{t(`diagram.type.${type}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

interface ChartProps {
  companyId: string;
  companyName: string;
  /** CSS height of the drawing area (the viewport minus 170 px on the dashboard). */
  height: string;
}

function Chart({ companyId, companyName, height }: ChartProps) {
  const { t } = useTranslation();
  const query = useDiagram(companyId);
  const { layout, error } = useLayout(query.data);
  const flow = useReactFlow();
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const menuId = useId();
  const graph = useMemo(() => (layout && query.data ? toFlow(layout, query.data) : null), [layout, query.data]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen().catch(() => undefined);
  };

  /** Images are drawn here from the chart on screen; the PDF comes from the server, laid out the same way. */
  const runExport = async (format: ImageFormat | DiagramPaper) => {
    setExportAnchor(null);
    if (!layout || !query.data) return;
    setExporting(true);
    try {
      if (format === 'a4' || format === 'a3') {
        const file = await apiRequest<DownloadedFile>(`/diagram/pdf?companyId=${companyId}&paper=${format}`, {
          responseType: 'file',
        });
        saveFile(file, `${t('diagram.fileName')}.pdf`);
        return;
      }
      const names = (key: 'type' | 'node') =>
        Object.fromEntries(diagramNodeTypes.map((k) => [k, t(`diagram.${key}.${k}`)])) as Record<DiagramNodeType, string>;
      const svg = chartSvg(layout, query.data, {
        title: t('diagram.fileName'),
        company: companyName,
        date: formatDate(new Date()),
        legend: t('diagram.legend'),
        type: names('type'),
        node: names('node'),
      });
      const blob = format === 'svg' ? new Blob([svg.svg], { type: 'image/svg+xml' }) : await rasterise(svg, format);
      saveBlob(blob, exportFileName(t('diagram.fileName'), companyName, format));
    } catch {
      notify(t('diagram.exportError'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const empty = query.data && query.data.nodes.length === 0;
  const ready = !!graph && !empty;
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, extra: object = {}) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={!ready} {...extra}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box
      ref={frame}
      data-testid="organisation-chart"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        minWidth: 0,
        ...(fullscreen ? { height: '100vh' } : {}),
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5 }}
        role="toolbar"
        aria-label={t('diagram.chart', { company: companyName })}
      >
        {tool(t('diagram.zoomIn'), <ZoomIn />, () => void flow.zoomIn())}
        {tool(t('diagram.zoomOut'), <ZoomOut />, () => void flow.zoomOut())}
        {tool(t('diagram.fit'), <CenterFocusStrong />, () => void flow.fitView({ padding: 0.05 }))}
        {tool(
          fullscreen ? t('diagram.exitFullscreen') : t('diagram.fullscreen'),
          fullscreen ? <FullscreenExit /> : <Fullscreen />,
          toggleFullscreen,
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={exporting ? <CircularProgress size={16} /> : <Download />}
          disabled={!ready || exporting}
          onClick={(e) => setExportAnchor(e.currentTarget)}
          aria-haspopup="true"
          aria-controls={exportAnchor ? menuId : undefined}
          aria-expanded={!!exportAnchor}
        >
          {t('diagram.export')}
        </Button>
        <Menu id={menuId} anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
          {imageFormats.map((format) => (
            <MenuItem key={format} onClick={() => void runExport(format)}>
              {t('diagram.exportAs', { format: format.toUpperCase() })}
            </MenuItem>
          ))}
          {diagramPapers.map((paper) => (
            <MenuItem key={paper} onClick={() => void runExport(paper)}>
              {t('diagram.exportPdf', { paper: paper.toUpperCase() })}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <RetryAlert query={query}>{t('diagram.loadError')}</RetryAlert>
      {error && <Alert severity="error">{t('diagram.layoutError')}</Alert>}
      <Box
        sx={{
          height: fullscreen ? 'auto' : height,
          flexGrow: fullscreen ? 1 : 0,
          minHeight: 320,
          position: 'relative',
          // The drawing area itself has the given height; the borders come on top.
          boxSizing: 'content-box',
          borderTop: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {empty ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {t('diagram.empty')}
          </Typography>
        ) : graph ? (
          <ReactFlow
            nodes={graph.nodes}
            edges={graph.edges}
            nodeTypes={nodeTypes}
            onNodeClick={(event, node) => {
              // The node's own link has navigated already (and works by keyboard).
              if ((event.target as Element).closest('a')) return;
              const href = nodeHref(node.id);
              if (href) void navigate({ to: href });
            }}
            fitView
            fitViewOptions={{ padding: 0.05 }}
            minZoom={0.05}
            maxZoom={2}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            proOptions={{ hideAttribution: true }}
            // The chart is read-only: React Flow's own descriptions (in English) speak of selecting,
            // moving and deleting nodes, which nobody can do here.
            ariaLabelConfig={{
              'node.a11yDescription.default': t('diagram.a11y.node'),
              'node.a11yDescription.keyboardDisabled': t('diagram.a11y.node'),
              'edge.a11yDescription.default': t('diagram.a11y.edge'),
            }}
            aria-label={t('diagram.chart', { company: companyName })}
          />
        ) : (
          !query.isError &&
          !error && (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )
        )}
      </Box>
      <Legend />
    </Box>
  );
}

/** The read-only organisation chart of a company, with zoom, fit, fullscreen and export. */
export function OrganisationChart(props: ChartProps) {
  return (
    <ReactFlowProvider>
      <Chart {...props} />
    </ReactFlowProvider>
  );
}
