import { toDay } from '../../lib/format';

/** Drawn in the browser. */
export const imageFormats = ['svg', 'png', 'jpg'] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** `Organigramm Bäckerei Schmidt 2026-11-24.png`; characters no file system accepts become '-'. */
export function exportFileName(base: string, company: string, format: ImageFormat, now = new Date()): string {
  const name = `${base} ${company}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim();
  return `${name} ${toDay(now)}.${format}`;
}
