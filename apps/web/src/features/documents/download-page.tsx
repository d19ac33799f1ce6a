import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';
import { errorText } from '../../lib/messages';

type State = { status: 'loading' } | { status: 'done'; fileName: string } | { status: 'failed'; message: string };

/** /download/{documentId}: a shareable link that downloads the file, or says why it cannot. */
export function DownloadPage() {
  const { t } = useTranslation();
  const { documentId } = useParams({ strict: false }) as { documentId: string };
  const [state, setState] = useState<State>({ status: 'loading' });
  const started = useRef<string | null>(null);

  const run = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const file = await apiRequest<DownloadedFile>(`/attachment/${encodeURIComponent(documentId)}/download`, {
        responseType: 'file',
      });
      saveFile(file, 'download');
      setState({ status: 'done', fileName: file.fileName ?? 'download' });
    } catch (error) {
      setState({ status: 'failed', message: errorText(t, error) });
    }
  }, [documentId, t]);

  useEffect(() => {
    // Once per document, also under StrictMode's double effects.
    if (started.current === documentId) return;
    started.current = documentId;
    void run();
  }, [documentId, run]);

  return (
    <>
      <PageHeader title={t('section.download')} />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          {state.status === 'loading' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={24} aria-hidden />
              <Typography>{t('download.preparing')}</Typography>
            </Stack>
          )}
          {state.status === 'done' && (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Typography role="status">{t('download.started', { name: state.fileName })}</Typography>
              <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void run()}>
                {t('download.again')}
              </Button>
            </Stack>
          )}
          {state.status === 'failed' && (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="error" sx={{ width: '100%' }}>
                {state.message}
              </Alert>
              <Button variant="outlined" onClick={() => void run()}>
                {t('common.retry')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </>
  );
}
