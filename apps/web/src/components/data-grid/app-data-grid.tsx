import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { gridLocaleText } from './grid-locale';
import { pinColumns } from './pin-columns';
import { useScrollbarSize } from './scrollbar-size';

type Props<R extends GridValidRowModel> = DataGridProps<R> & {
  /** How many leading columns stay in view while the grid scrolls sideways (number and name). */
  pinnedColumns?: number;
  /** What an empty grid says at its top left (nothing yet, or nothing matches the filters). */
  emptyText?: ReactNode;
};

/**
 * MUI X Data Grid with the app's texts and looks: German labels, page sizes 25/50/100, a fixed
 * height so the paginator stays in view, clickable rows, leading columns pinned.
 */
export function AppDataGrid<R extends GridValidRowModel>({
  sx,
  pinnedColumns = 0,
  columns,
  emptyText,
  slots,
  ...props
}: Props<R>) {
  const { onRowClick, onCellKeyDown } = props;
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const scrollbarSize = useScrollbarSize();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const localeText = useMemo(() => gridLocaleText(language, t), [language, t]);
  const visibility = props.columnVisibilityModel;
  const pinned = useMemo(
    () => pinColumns(columns as readonly GridColDef[], pinnedColumns, phone, (f) => visibility?.[f] === false),
    [columns, pinnedColumns, phone, visibility],
  );
  return (
    // A fixed height keeps the paginator in view; short lists (autoHeight) take what they need.
    <Box sx={{ height: props.autoHeight ? undefined : { xs: 620, md: 'max(440px, calc(100dvh - 330px))' }, width: '100%' }}>
      <DataGrid
        pageSizeOptions={[25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnFilter
        columnHeaderHeight={60}
        // Pinned cells are sticky cells of the normal row: column virtualisation unmounts them
        // once scrolled past (its buffer does not keep them), so a page (≤ 100 rows) renders whole.
        disableVirtualization={pinnedColumns > 0}
        scrollbarSize={scrollbarSize}
        {...props}
        // A row that opens on a click opens on Enter too: keyboard users reach its cells with the
        // arrow keys. Enter on a button or link inside a cell stays theirs.
        onCellKeyDown={(params, event, details) => {
          onCellKeyDown?.(params, event, details);
          if (!onRowClick || event.key !== 'Enter' || event.defaultMuiPrevented) return;
          if (event.target !== event.currentTarget || params.cellMode === 'edit') return;
          event.defaultMuiPrevented = true;
          onRowClick(
            { id: params.id, row: params.row, columns: columns as GridColDef[] },
            event as unknown as Parameters<typeof onRowClick>[1],
            details,
          );
        }}
        // A grid's own texts (its empty text) add to the app's translations rather than replace them.
        localeText={props.localeText ? { ...localeText, ...props.localeText } : localeText}
        slots={
          emptyText === undefined
            ? slots
            : {
                noRowsOverlay: () => (
                  <Typography color="text.secondary" sx={{ p: 3 }}>
                    {emptyText}
                  </Typography>
                ),
                ...slots,
              }
        }
        columns={pinned.columns as DataGridProps<R>['columns']}
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-row': props.onRowClick ? { cursor: 'pointer' } : undefined,
          // German headers are long: up to two lines instead of an early ellipsis.
          '& .MuiDataGrid-columnHeaderTitle': {
            fontWeight: 650,
            whiteSpace: 'normal',
            lineHeight: 1.25,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
          ...pinned.sx,
          ...sx,
        }}
      />
    </Box>
  );
}
