import type { Item } from '@pc/shared';
import type { XlsxColumn, XlsxValue } from '../../../components/data-grid/xlsx-export';
import type { ItemColumn } from './item-columns';

/** The Excel table of the visible columns: translated headers, one row per item. */
export function exportTable(
  columns: readonly ItemColumn[],
  items: readonly Item[],
): { columns: XlsxColumn[]; rows: XlsxValue[][] } {
  return {
    columns: columns.map((c) => ({
      header: c.header,
      format:
        c.kind === 'date' || c.kind === 'dueDate'
          ? 'date'
          : c.kind === 'datetime' || c.kind === 'countdown'
            ? 'datetime'
            : undefined,
    })),
    rows: items.map((item) => columns.map((c) => c.value(item))),
  };
}

/**
 * Every row that matches the filters, fetched page by page (the server's maximum page size is
 * 500). Stops at `limit` rows as a guard against runaway exports.
 */
export async function fetchAllPages(
  fetchPage: (page: number) => Promise<{ items: Item[]; total: number }>,
  limit = 100_000,
): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 0; ; page++) {
    const res = await fetchPage(page);
    all.push(...res.items);
    if (res.items.length === 0 || all.length >= res.total || all.length >= limit) return all;
  }
}
