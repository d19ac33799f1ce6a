import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';
import { useTask } from '../lib/use-task';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteFileDialogProps<F extends { fileName: string }> {
  /** The file asked about; none, and the dialog is closed. */
  file: F | null;
  /** Deletes the file on the server. */
  onDelete: (file: F) => Promise<unknown>;
  /** After the delete: the list reloads. */
  onDeleted: () => void;
  onClose: () => void;
}

/** Asks before a file is deleted, deletes it and says so; a failure is said in a snackbar. */
export function DeleteFileDialog<F extends { fileName: string }>({
  file,
  onDelete,
  onDeleted,
  onClose,
}: DeleteFileDialogProps<F>) {
  const { t } = useTranslation();
  const deleting = useTask();
  const remove = (f: F) =>
    deleting.run(async () => {
      await onDelete(f);
      notify(t('items.attachments.deleted', { name: f.fileName }), 'success');
      onClose();
      onDeleted();
    });
  return (
    <ConfirmDialog
      open={file !== null}
      title={t('items.attachments.deleteTitle')}
      text={t('items.attachments.deleteText', { name: file?.fileName ?? '' })}
      confirmLabel={t('items.attachments.delete')}
      danger
      busy={deleting.busy}
      onConfirm={() => file && void remove(file)}
      onClose={onClose}
    />
  );
}
