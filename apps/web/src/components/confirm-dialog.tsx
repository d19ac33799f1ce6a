import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './dialog-frame';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Destructive actions get a red confirm button. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question (confirm dialogs are 640 px wide, the frame's default). */
export function ConfirmDialog({ open, title, text, confirmLabel, danger, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      open={open}
      title={title}
      description={text}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={onConfirm} loading={busy} autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

/**
 * An action asked for with a confirm dialog (remove, revoke): the target asked about, the
 * dialog's open/busy state and the failure to show. The dialog stays open when the action fails.
 */
export function useConfirmedAction<T>(action: (target: T) => Promise<unknown>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await action(target);
      setTarget(null);
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return {
    target,
    ask: (next: T) => setTarget(next),
    failure,
    /** Spread into `ConfirmDialog`. */
    dialog: { open: target !== null, busy, onConfirm: () => void confirm(), onClose: () => setTarget(null) },
  };
}
