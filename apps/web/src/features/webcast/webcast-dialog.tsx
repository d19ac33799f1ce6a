import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';

interface WebcastDialogProps {
  url: string;
  open: boolean;
  onClose: () => void;
}

/** A confirmation (800 px) before leaving for the configured webcast address. */
export function WebcastDialog({ url, open, onClose }: WebcastDialogProps) {
  const { t } = useTranslation();
  const forward = () => {
    window.open(url, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <DialogFrame
      open={open}
      title={t('webcast.title')}
      description={t('webcast.text')}
      onClose={onClose}
      width={800}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={forward} autoFocus>
            {t('webcast.forward')}
          </Button>
        </>
      }
    />
  );
}
