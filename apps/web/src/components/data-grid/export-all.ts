import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import type { ServerPage } from './use-server-grid';
import { downloadXlsx, type XlsxColumn, type XlsxValue } from './xlsx-export';

/**
 * Every row that matches the filters, fetched page by page (the server's maximum page size is
 * 500). Stops at `limit` rows as a guard against runaway exports, and on an empty page even if the
 * total grew meanwhile.
 */
export async function fetchAllPages<R>(fetchPage: (page: number) => Promise<ServerPage<R>>, limit = 100_000): Promise<R[]> {
  const all: R[] = [];
  for (let page = 0; ; page++) {
    const res = await fetchPage(page);
    all.push(...res.items);
    if (res.items.length === 0 || all.length >= res.total || all.length >= limit) return all;
  }
}

/** Downloads every row of a server-paged list as an Excel sheet, one row per record. */
export async function exportAll<R>(
  fetchPage: (page: number) => Promise<ServerPage<R>>,
  rowToCells: (row: R) => XlsxValue[],
  columns: readonly XlsxColumn[],
): Promise<void> {
  const rows = await fetchAllPages(fetchPage);
  await downloadXlsx(columns, rows.map(rowToCells));
}

/** An export button's state: busy while it runs, a translated notice when it fails. */
export function useExporting() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  async function run(task: () => Promise<void>) {
    setExporting(true);
    try {
      await task();
    } catch (error) {
      console.error(error);
      notify(t('grid.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  }
  return { exporting, run };
}
