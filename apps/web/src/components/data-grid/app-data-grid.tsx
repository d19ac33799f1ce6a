import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { gridLocaleText } from './grid-locale';

/**
 * MUI X Data Grid with the app's texts and looks: German labels, page sizes 25/50/100, a fixed
 * height so the paginator stays in view, clickable rows.
 */
export function AppDataGrid<R extends GridValidRowModel>({ sx, ...props }: DataGridProps<R>) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const localeText = useMemo(() => gridLocaleText(language, t), [language, t]);
  return (
    // A fixed height keeps the paginator in view; short lists (autoHeight) take what they need.
    <Box sx={{ height: props.autoHeight ? undefined : { xs: 620, md: 'max(440px, calc(100dvh - 330px))' }, width: '100%' }}>
      <DataGrid
        localeText={localeText}
        pageSizeOptions={[25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnFilter
        columnHeaderHeight={60}
        {...props}
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
          ...sx,
        }}
      />
    </Box>
  );
}
