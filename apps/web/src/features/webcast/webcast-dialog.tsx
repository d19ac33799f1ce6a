import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface WebcastDialogProps {
  url: string;
  open: boolean;
  onClose: () => void;
}

/** Spec 000 §2: confirmation (800 px) before leaving for the configured webcast address. */
export function WebcastDialog({ url, open, onClose }: WebcastDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const forward = () => {
    window.open(url, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 800, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{t('webcast.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('webcast.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={forward} autoFocus>
          {t('webcast.forward')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
