import Delete from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';

/** The delete column of a tag or text-module grid: a button on each row whose rights allow it. */
export function deleteColumn<R extends GridValidRowModel & { rights: { delete: boolean } }>(
  t: TFunction,
  label: (row: R) => string,
  onDelete: (row: R) => void,
): GridColDef<R> {
  return {
    field: 'actions',
    headerName: t('tags.actions'),
    sortable: false,
    width: 90,
    align: 'center',
    headerAlign: 'center',
    renderCell: ({ row }) =>
      row.rights.delete && (
        <Tooltip title={t('tags.delete')}>
          <IconButton
            size="small"
            aria-label={label(row)}
            onClick={(e) => {
              e.stopPropagation();
              onDelete(row);
            }}
          >
            <Delete fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
  };
}
