import type { Item } from '@pc/shared';
import type { XlsxColumn, XlsxValue } from '../../../components/data-grid/xlsx-export';
import type { ItemColumn } from './item-columns';

/** The Excel table of the visible columns: translated headers, one row per item. */
export function exportTable(
  columns: readonly ItemColumn[],
  items: readonly Item[],
): { columns: XlsxColumn[]; rows: XlsxValue[][] } {
  return { columns: exportColumns(columns), rows: items.map((item) => columns.map((c) => c.value(item))) };
}

/** The sheet's columns: the translated headers, dates and date-times formatted as such. */
export function exportColumns(columns: readonly ItemColumn[]): XlsxColumn[] {
  return columns.map((c) => ({
    header: c.header,
    format:
      c.kind === 'date' || c.kind === 'dueDate'
        ? 'date'
        : c.kind === 'datetime' || c.kind === 'countdown'
          ? 'datetime'
          : undefined,
  }));
}
