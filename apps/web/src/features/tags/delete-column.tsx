import Delete from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';

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

/**
 * Deleting a row of a tag or text-module grid: the row the confirmation asks about, then the
 * delete; success says `done`, a refusal the server's reason (409: still used by items).
 */
export function useRowDelete<R>(remove: (row: R) => Promise<unknown>, done: (row: R) => string, refresh: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<R | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await remove(toDelete);
      notify(done(toDelete), 'success');
      await refresh();
    } catch (error) {
      notify(errorText(t, error), 'error');
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };
  return { toDelete, ask: setToDelete, deleting, confirm, cancel: () => setToDelete(null) };
}
