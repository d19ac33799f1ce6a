import Button from '@mui/material/Button';
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
