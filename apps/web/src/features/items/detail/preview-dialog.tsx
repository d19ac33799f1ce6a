import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Attachment } from '@pc/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { downloadAttachment } from '../api';

/** An image attachment (png, jpeg, gif), fetched with the Bearer token as a blob. */
export function PreviewDialog({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { t } = useTranslation();
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
    <DialogFrame
      title={<Box sx={{ overflowWrap: 'anywhere' }}>{attachment.fileName}</Box>}
      onClose={onClose}
      width={900}
      contentProps={{ sx: { display: 'grid', placeItems: 'center', minHeight: 200 } }}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {failed ? (
        t('items.attachments.previewFailed')
      ) : url ? (
        <Box component="img" src={url} alt={attachment.fileName} sx={{ maxWidth: '100%', maxHeight: '70dvh' }} />
      ) : (
        <CircularProgress aria-label={t('common.loading')} />
      )}
    </DialogFrame>
  );
}
