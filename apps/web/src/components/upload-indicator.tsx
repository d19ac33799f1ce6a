import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { totalProgress, useUploads } from '../lib/uploads';

/** The toolbar's file upload indicator: visible only while files upload. */
export function UploadIndicator() {
  const { t } = useTranslation();
  const uploads = useUploads();
  if (uploads.length === 0) return null;
  const percent = Math.round(totalProgress(uploads) * 100);
  const label = t('items.attachments.uploadingFiles', { count: uploads.length, percent });
  return (
    <Tooltip title={uploads.map((u) => `${u.fileName} – ${Math.round(u.progress * 100)} %`).join(', ')}>
      <Box role="status" aria-label={label} sx={{ position: 'relative', display: 'inline-flex', mx: 1 }}>
        <CircularProgress variant="determinate" value={percent} size={36} />
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'primary.main' }}>
          <CloudUpload sx={{ fontSize: 18 }} />
        </Box>
      </Box>
    </Tooltip>
  );
}
