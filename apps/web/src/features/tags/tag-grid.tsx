import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { Tag, TagType } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AppDataGrid } from '../../components/data-grid/app-data-grid';
import { notify } from '../../lib/notify';
import { deleteTag, saveTag, tagListKey, useTagList } from './api';
import { deleteColumn, useRowDelete } from './delete-column';
import { TagDialog } from './tag-dialog';

interface TagGridProps {
  type: TagType;
  /** Whether the caller may add tags (the route's claim rule); existing tags bring their rights. */
  canCreate: boolean;
  showCompany: boolean;
}

/** One tag kind: name and description, add, click a row to edit, delete (refused while in use). */
export function TagGrid({ type, canCreate, showCompany }: TagGridProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useTagList(type);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const kind = t(`tags.kind.${type}`);
  // Delete follows each tag's rights from the server; adding follows the route's claim.
  const anyDeletable = (list.data ?? []).some((x) => x.rights.delete);

  const refresh = () => client.invalidateQueries({ queryKey: tagListKey(type) });
  const removal = useRowDelete<Tag>(
    (tag) => deleteTag(type, tag.id),
    (tag) => t('tags.deleted', { name: tag.name }),
    refresh,
  );

  const columns = useMemo<GridColDef<Tag>[]>(
    () => [
      { field: 'name', headerName: t('tags.name'), flex: 1, minWidth: 180 },
      { field: 'description', headerName: t('tags.description'), flex: 2, minWidth: 220 },
      ...(showCompany ? [{ field: 'companyName', headerName: t('items.field.company'), width: 200 } as GridColDef<Tag>] : []),
      { field: 'usage', headerName: t('tags.usage'), type: 'number', width: 120 },
      ...(anyDeletable ? [deleteColumn<Tag>(t, (row) => t('tags.deleteOf', { name: row.name }), removal.ask)] : []),
    ],
    [t, showCompany, anyDeletable, removal.ask],
  );

  return (
    <Box>
      {canCreate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('tags.add', { kind })}
          </Button>
        </Box>
      )}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('tags.loadFailed')}
        </Alert>
      )}
      <EntryGrid<Tag>
        label={kind}
        list={list}
        columns={columns}
        onEdit={setEditing}
        removal={removal}
        confirmTitle={t('tags.deleteTitle', { kind })}
        confirmText={t('tags.deleteText', { name: removal.toDelete?.name ?? '' })}
      />
      {editing && (
        <TagDialog
          title={editing === 'new' ? t('tags.addTitle', { kind }) : t('tags.editTitle', { kind })}
          initial={editing === 'new' ? null : { name: editing.name, description: editing.description, version: editing.version }}
          withDescription
          nameLabel={t('tags.name')}
          onSave={async (values, ifMatch) => {
            const saved = await saveTag(type, editing === 'new' ? null : editing.id, values, ifMatch);
            notify(t('tags.saved', { name: values.name }), 'success');
            await refresh();
            return saved;
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}

/**
 * The grid of a tag kind or of the text modules: 50 a page, a click on a row the user may change
 * edits it (each row's rights from the server), deleting asks first.
 */
export function EntryGrid<R extends { id: string | number; rights: { write: boolean } }>({
  label,
  list,
  columns,
  onEdit,
  removal,
  confirmTitle,
  confirmText,
}: {
  label: string;
  list: { data?: R[]; isLoading: boolean };
  columns: GridColDef<R>[];
  onEdit: (row: R) => void;
  removal: ReturnType<typeof useRowDelete<R>>;
  confirmTitle: string;
  confirmText: string;
}) {
  const { t } = useTranslation();
  const anyWritable = (list.data ?? []).some((x) => x.rights.write);
  return (
    <>
      <AppDataGrid<R>
        label={label}
        rows={list.data ?? []}
        columns={columns}
        loading={list.isLoading}
        initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
        autoHeight
        onRowClick={anyWritable ? ({ row }) => row.rights.write && onEdit(row) : undefined}
      />
      <ConfirmDialog
        open={removal.toDelete !== null}
        title={confirmTitle}
        text={confirmText}
        confirmLabel={t('tags.delete')}
        danger
        busy={removal.deleting}
        onConfirm={() => void removal.confirm()}
        onClose={removal.cancel}
      />
    </>
  );
}
