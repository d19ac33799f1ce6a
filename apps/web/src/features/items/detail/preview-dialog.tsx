import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Attachment } from '@pc/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment } from '../api';

/** An image attachment (png, jpeg, gif), fetched with the Bearer token as a blob. */
export function PreviewDialog({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { id } = attachment;
  // Keyed on the id: a list refetch hands over a new but equal object, which must not reload.
  useEffect(() => {
    let objectUrl: string | null = null;
    let alive = true;
    setFailed(false);
    downloadAttachment({ id }, true).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (alive) setUrl(objectUrl);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {attachment.fileName}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        {failed ? (
          t('items.attachments.previewFailed')
        ) : url ? (
          <Box component="img" src={url} alt={attachment.fileName} sx={{ maxWidth: '100%', maxHeight: '70dvh' }} />
        ) : (
          <CircularProgress aria-label={t('common.loading')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
