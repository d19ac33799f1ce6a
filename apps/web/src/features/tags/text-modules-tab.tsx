import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TextModule } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { deleteTextModule, saveTextModule, textModuleKey, useTextModules } from './api';
import { deleteColumn, useRowDelete } from './delete-column';
import { TagDialog } from './tag-dialog';
import { EntryGrid } from './tag-grid';

/** Text modules: reusable phrases offered by the text-module select. */
export function TextModulesTab({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useTextModules();
  // Delete follows each text module's rights from the server; adding follows the route's claim.
  const anyDeletable = (list.data ?? []).some((x) => x.rights.delete);
  const [editing, setEditing] = useState<TextModule | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: textModuleKey });
  const removal = useRowDelete<TextModule>(
    (module) => deleteTextModule(module.id),
    () => t('tags.textModules.deleted'),
    refresh,
  );

  const columns = useMemo<GridColDef<TextModule>[]>(
    () => [
      { field: 'id', headerName: t('tags.textModules.number'), type: 'number', width: 90 },
      { field: 'name', headerName: t('tags.textModules.text'), flex: 1, minWidth: 240 },
      ...(anyDeletable
        ? [deleteColumn<TextModule>(t, (row) => t('tags.textModules.deleteOf', { id: row.id }), removal.ask)]
        : []),
    ],
    [t, anyDeletable, removal.ask],
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, minWidth: 240 }}>
          {t('tags.textModules.hint')}
        </Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('tags.textModules.add')}
          </Button>
        )}
      </Box>
      <EntryGrid<TextModule>
        label={t('tags.kind.text-modules')}
        list={list}
        columns={columns}
        onEdit={setEditing}
        removal={removal}
        confirmTitle={t('tags.textModules.deleteTitle')}
        confirmText={t('tags.textModules.deleteText', { name: removal.toDelete?.name ?? '' })}
      />
      {editing && (
        <TagDialog
          title={editing === 'new' ? t('tags.textModules.addTitle') : t('tags.textModules.editTitle')}
          initial={editing === 'new' ? null : { name: editing.name, description: '', version: editing.version }}
          withDescription={false}
          nameLabel={t('tags.textModules.text')}
          nameRows={4}
          onSave={async (values, ifMatch) => {
            const saved = await saveTextModule(
              editing === 'new' ? null : editing.id,
              { name: values.name, companyId: values.companyId },
              ifMatch,
            );
            notify(t('tags.textModules.saved'), 'success');
            await refresh();
            return saved;
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
