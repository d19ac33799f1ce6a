import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useAddMissingMeasures } from '../api';

/** "Add missing measures" from the catalogue for the company in scope (company id, null). */
/** `onDone` runs after measures were created (the list drops its due-date range: new measures have no due date). */
export function AddMissingMeasuresButton({ companyId, onDone }: { companyId: string; onDone?: (created: number) => void }) {
  const { t } = useTranslation();
  const mutation = useAddMissingMeasures(companyId, {
    onSuccess: (created) => {
      notify(t('items.measure.addMissingDone', { count: created }), created > 0 ? 'success' : 'info');
      onDone?.(created);
    },
    onError: (error) => notify(errorText(t, error), 'error'),
  });
  return (
    <Button variant="outlined" startIcon={<PlaylistAdd />} onClick={() => mutation.mutate()} disabled={mutation.isPending}>
      {t('items.measure.addMissing')}
    </Button>
  );
}
