import { toDay } from '../../lib/format';

export const exportFormats = ['svg', 'png', 'jpg'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `Organigramm Bäckerei Schmidt 2026-11-24.png`; characters no file system accepts become '-'. */
export function exportFileName(base: string, company: string, format: ExportFormat, now = new Date()): string {
  const name = `${base} ${company}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim();
  return `${name} ${toDay(now)}.${format}`;
}

const margin = 24;
/** Browsers refuse canvases much beyond 16 000 px a side; large charts are scaled down to this. */
const maxSide = 8000;

/** Pixel size and transform of an export of the chart's bounds at natural size (scaled down only when huge). */
export function exportFrame(bounds: { x: number; y: number; width: number; height: number }) {
  const zoom = Math.min(1, maxSide / Math.max(bounds.width, bounds.height, 1));
  return {
    width: Math.ceil(bounds.width * zoom + 2 * margin),
    height: Math.ceil(bounds.height * zoom + 2 * margin),
    transform: `translate(${margin - bounds.x * zoom}px, ${margin - bounds.y * zoom}px) scale(${zoom})`,
  };
}
