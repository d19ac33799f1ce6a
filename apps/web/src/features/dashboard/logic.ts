import type { dashboardTileKeys } from '@pc/shared';

export type DashboardTileKey = (typeof dashboardTileKeys)[number];

/** Caption key of a progress tile (empty, one open, many open, complete). */
export function progressCaption(category: { total: number; open: number }): 'empty' | 'one' | 'many' | 'complete' {
  if (category.total === 0) return 'empty';
  if (category.open === 0) return 'complete';
  return category.open === 1 ? 'one' : 'many';
}

/** Due dates before the start of today are shown in red. */
export function isOverdue(dueDate: string | null, now = new Date()): boolean {
  if (!dueDate) return false;
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return false;
  return new Date(y, m - 1, d) < new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export function toggleHidden(hidden: readonly DashboardTileKey[], key: DashboardTileKey): DashboardTileKey[] {
  return hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
}
