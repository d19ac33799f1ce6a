import type { ItemTypeKey } from '@pc/shared';
import { useItemStatistics } from '../../lib/item-statistics';
import { useSession } from '../../lib/session/session-store';

export interface MenuBadgeCount {
  open: number;
  /** Open and due within 24 hours or overdue (a breach: its 72-hour deadline, to the hour). */
  urgent: number;
}

/**
 * The sidebar badges' counts per item type, from the one statistics query of the scope (which
 * answers only the types the user may read); creates, edits and deletes refresh it.
 */
export function useMenuBadgeCounts(): Partial<Record<ItemTypeKey, MenuBadgeCount>> {
  const signedIn = useSession((s) => !!s.me);
  const data = useItemStatistics(signedIn).data;
  return Object.fromEntries((data ?? []).map((s) => [s.itemType, { open: s.open, urgent: s.urgent }]));
}
