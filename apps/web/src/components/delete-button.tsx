import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/messages';
import { notify } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteButtonProps {
  /** The button's and the confirmation's label ("Delete"). */
  label: string;
  confirmTitle: string;
  confirmText: string;
  /** Deletes the record; a failure is told in a notice and the dialog stays open. */
  onDelete: () => Promise<unknown>;
  /** The notice once it is gone. */
  deletedText: string;
  /** After the deletion (closes the dialog). */
  onDeleted: () => void;
  disabled?: boolean;
}

/**
 * A record dialog's red delete action, at the left end of its buttons. It asks first: a deletion
 * cannot be undone from the dialog.
 */
export function DeleteButton({
  label,
  confirmTitle,
  confirmText,
  onDelete,
  deletedText,
  onDeleted,
  disabled,
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      setAsking(false);
      notify(deletedText, 'success');
      onDeleted();
    } catch (error) {
      setAsking(false);
      notify(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setAsking(true)} disabled={disabled || busy} sx={{ mr: 'auto' }}>
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={confirmTitle}
        text={confirmText}
        confirmLabel={label}
        danger
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
