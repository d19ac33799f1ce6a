import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type LegalDocumentType = 'imprint' | 'privacy-statement' | 'terms-of-use';

interface LegalDialogProps {
  document: LegalDocumentType;
  open: boolean;
  onClose: () => void;
}

/**
 * Legal dialog (spec 000 §2, 800 px). The embedded, language-specific documents come from
 * configuration in a later issue; until then it says plainly that none is configured.
 */
export function LegalDialog({ document, open, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 800, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{t(`legal.${document}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('legal.notConfigured')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
