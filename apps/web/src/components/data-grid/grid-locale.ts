import type { GridLocaleText } from '@mui/x-data-grid';
import { deDE, enUS } from '@mui/x-data-grid/locales';
import type { TFunction } from 'i18next';

/** MUI's German or English grid texts with the app's own paginator labels. */
export function gridLocaleText(language: string, t: TFunction): Partial<GridLocaleText> {
  const base = (language === 'en' ? enUS : deDE).components.MuiDataGrid.defaultProps.localeText;
  return {
    ...base,
    noRowsLabel: t('grid.noRows'),
    noResultsOverlayLabel: t('grid.noRows'),
    paginationRowsPerPage: t('grid.rowsPerPage'),
    paginationDisplayedRows: ({ from, to, count }) => t('grid.displayedRows', { from, to, count }),
    paginationItemAriaLabel: (type) => t(`grid.page.${type}`),
  };
}

/**
 * The same paginator texts for MUI's TablePagination (lists that are no DataGrid): every list
 * says "Einträge pro Seite" and "1 - 10 von 25" alike.
 */
export function paginationLabels(t: TFunction) {
  return {
    labelRowsPerPage: t('grid.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      t('grid.displayedRows', { from, to, count }),
    getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => t(`grid.page.${type}`),
  };
}
