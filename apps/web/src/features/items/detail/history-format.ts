import type { Item, ItemTypeKey } from '@pc/shared';
import type { TFunction } from 'i18next';
import { statusNameKey } from '../../../components/status-chip';
import { formatDate } from '../../../lib/format';
import { fieldLabel, findField, formatFieldValue } from '../labels';

export interface ChangeRow {
  key: string;
  label: string;
  from: string;
  to: string;
}

const MAX_TEXT = 160;
const shorten = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);
const coreLabel: Record<string, string> = {
  name: 'name',
  description: 'description',
  status: 'status',
  dueDate: 'dueDate',
  ownerId: 'owner',
  assigneeId: 'assignee',
  parentType: 'parentType',
  parentId: 'parentId',
};

/**
 * The changes of one history entry as readable rows: translated field labels and formatted
 * values; empty-to-empty changes (a new item's blank fields) are left out.
 */
export function changeRows(
  t: TFunction,
  type: ItemTypeKey,
  changes: Record<string, { from: unknown; to: unknown }>,
  lookups: { userName: (id: string) => string | undefined; item?: Pick<Item, 'tags'> },
): ChangeRow[] {
  const text = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (key === 'status' && typeof v === 'number') return t(statusNameKey(v));
    if (key === 'dueDate' && typeof v === 'string') return formatDate(v);
    if ((key === 'ownerId' || key === 'assigneeId') && typeof v === 'string')
      return lookups.userName(v) ?? t('items.history.unknownUser');
    if (key === 'parentType' && typeof v === 'string') return t(`items.type.${v}.one`);
    if (key.startsWith('data.')) {
      const field = findField(type, key.slice(5));
      if (field) return shorten(formatFieldValue(t, field, v, lookups.item));
    }
    if (Array.isArray(v)) return v.length ? t('items.entries', { count: v.length }) : '';
    if (typeof v === 'boolean') return v ? t('items.yes') : t('items.no');
    return shorten(String(v));
  };
  const rows: ChangeRow[] = [];
  for (const [key, { from, to }] of Object.entries(changes)) {
    const f = text(key, from);
    const tt = text(key, to);
    if (f === tt) continue;
    const label = key.startsWith('data.') ? fieldLabel(t, type, key.slice(5)) : t(`items.field.${coreLabel[key] ?? key}`);
    rows.push({ key, label, from: f, to: tt });
  }
  return rows;
}
