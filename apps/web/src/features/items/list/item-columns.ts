import { type Item, type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import type { TFunction } from 'i18next';
import { statusNameKey } from '../../../components/status-chip';
import { parseDay } from '../../../lib/format';
import { fieldLabel, findField, formatFieldValue, optionLabel } from '../labels';
import { sortFieldOf } from './list-state';

/** What a cell holds: text, a number, or a date (Excel gets real dates). */
export type CellValue = string | number | Date | null;

export type ColumnKind = 'text' | 'date' | 'datetime' | 'number' | 'status' | 'dueDate' | 'tags' | 'countdown';

export interface ItemColumn {
  key: string;
  header: string;
  kind: ColumnKind;
  sortable: boolean;
  /** The cell's value for display and Excel. */
  value: (item: Item) => CellValue;
  width?: number;
  flex?: number;
  minWidth?: number;
}

const instant = (v: unknown) => (typeof v === 'string' && !Number.isNaN(new Date(v).getTime()) ? new Date(v) : null);

/** Derived values a type lists among its columns (the server computes them). */
function derivedColumn(t: TFunction, type: ItemTypeKey, key: string): Omit<ItemColumn, 'sortable'> | null {
  if (key === 'riskLevel' && type === 'impact-assessment') {
    return {
      key,
      header: fieldLabel(t, type, key),
      kind: 'text',
      width: 150,
      value: (i) => (typeof i.derived.riskLevel === 'string' ? optionLabel(t, 'riskLevel', i.derived.riskLevel) : ''),
    };
  }
  if (key === 'authorityDeadline') {
    return {
      key,
      header: fieldLabel(t, type, key),
      kind: 'countdown',
      width: 190,
      value: (i) => instant(i.derived.authorityDeadline),
    };
  }
  return null;
}

function columnFor(t: TFunction, type: ItemTypeKey, key: string): Omit<ItemColumn, 'sortable'> | null {
  switch (key) {
    case 'status':
      return { key, header: t('items.field.status'), kind: 'status', width: 150, value: (i) => t(statusNameKey(i.status)) };
    case 'dueDate':
      return { key, header: t('items.field.dueDate'), kind: 'dueDate', width: 120, value: (i) => parseDay(i.dueDate) };
    case 'assignee':
    case 'owner':
      return { key, header: t(`items.field.${key}`), kind: 'text', width: 170, value: (i) => i[key]?.name ?? '' };
    case 'company':
      return { key, header: t('items.field.company'), kind: 'text', width: 190, value: (i) => i.companyName };
    case 'tags':
      return {
        key,
        header: t('items.field.tags'),
        kind: 'tags',
        flex: 0.8,
        minWidth: 200,
        value: (i) => i.tags.map((x) => x.name).join(', '),
      };
  }
  const derived = derivedColumn(t, type, key);
  if (derived) return derived;
  const field = findField(type, key);
  if (!field) return null;
  const header = fieldLabel(t, type, key);
  switch (field.kind) {
    case 'date':
      return { key, header, kind: 'date', width: 120, value: (i) => parseDay(i.data[key] as string | null) };
    case 'datetime':
      return { key, header, kind: 'datetime', width: 150, value: (i) => instant(i.data[key]) };
    case 'number':
      return {
        key,
        header,
        kind: 'number',
        width: 110,
        value: (i) => (typeof i.data[key] === 'number' ? (i.data[key] as number) : null),
      };
    case 'boolean':
      return { key, header, kind: 'text', width: 110, value: (i) => formatFieldValue(t, field, i.data[key] ?? false) };
    default:
      return {
        key,
        header,
        kind: 'text',
        flex: field.kind === 'text' || field.kind === 'textarea' ? 0.7 : undefined,
        width: 160,
        minWidth: 140,
        value: (i) => formatFieldValue(t, field, i.data[key], i),
      };
  }
}

/**
 * The list columns of a type: number, name, then the type's own columns. The company
 * column shows only when several companies are listed (no scope, or a group).
 */
export function itemColumns(t: TFunction, type: ItemTypeKey, options: { showCompany: boolean }): ItemColumn[] {
  const head: ItemColumn[] = [
    { key: 'number', header: t('items.field.number'), kind: 'text', sortable: true, width: 120, value: (i) => i.number },
    { key: 'name', header: t('items.field.name'), kind: 'text', sortable: true, flex: 1, minWidth: 280, value: (i) => i.name },
  ];
  const rest = itemTypeDefs[type].columns
    .filter((key) => key !== 'company' || options.showCompany)
    .flatMap((key) => {
      const c = columnFor(t, type, key);
      return c ? [{ ...c, sortable: sortFieldOf[key] !== undefined }] : [];
    });
  return [...head, ...rest];
}
