import AttachFile from '@mui/icons-material/AttachFile';
import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Attachment, ItemTypeKey } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteFileDialog } from '../../../components/delete-file-dialog';
import { FileButton, fileDropProps } from '../../../components/file-button';
import { isApiError } from '../../../lib/api/api-error';
import { uploadFile } from '../../../lib/api/upload';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { trackUpload } from '../../../lib/uploads';
import { useTask } from '../../../lib/use-task';
import { deleteAttachment, downloadAttachment, invalidateItems, itemKeys, useAttachments } from '../api';
import { validationMessage } from '../labels';
import { checkFile, isPreviewable, MAX_MB } from './attachment-rules';

const PreviewDialog = lazy(() => import('./preview-dialog').then((m) => ({ default: m.PreviewDialog })));

/**
 * Files of an item: upload with progress (the item's write right), download, image preview, delete
 * (each attachment's own right, sent by the server).
 */
export function AttachmentsPanel({ type, itemId, canWrite }: { type: ItemTypeKey; itemId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const list = useAttachments(type, itemId, true);
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const downloading = useTask();
  const [preview, setPreview] = useState<Attachment | null>(null);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: itemKeys.attachments(type, itemId) });
    invalidateItems(client, type);
  };

  async function send(file: File) {
    setProblem(null);
    const local = checkFile(file);
    if (local) {
      setProblem(t(`items.attachments.problem.${local}`, { name: file.name, max: MAX_MB }));
      return;
    }
    const tracker = trackUpload(file.name);
    setUpload({ name: file.name, progress: 0 });
    try {
      await uploadFile(`/${type}/${encodeURIComponent(itemId)}/attachment`, file, (p) => {
        tracker.progress(p);
        setUpload({ name: file.name, progress: p });
      });
      notify(t('items.attachments.uploaded', { name: file.name }), 'success');
      refresh();
    } catch (error) {
      if (isApiError(error) && error.status === 413)
        setProblem(t('items.attachments.problem.tooLarge', { name: file.name, max: MAX_MB }));
      else if (isApiError(error) && error.fields?.file?.[0])
        setProblem(`${file.name}: ${validationMessage(t, error.fields.file[0])}`);
      else setProblem(errorText(t, error));
    } finally {
      tracker.done();
      setUpload(null);
    }
  }

  const download = (a: Attachment) => downloading.run(async () => saveBlob(await downloadAttachment(a), a.fileName));

  const items = list.data ?? [];
  return (
    <Card {...(canWrite && fileDropProps((file) => void send(file)))}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h6" component="h2">
              {t('items.attachments.title')}
            </Typography>
            {canWrite && (
              <Typography variant="body2" color="text.secondary">
                {t('items.attachments.hint', { max: MAX_MB })}
              </Typography>
            )}
          </Box>
          {canWrite && (
            <FileButton
              onFile={(file) => void send(file)}
              inputTestId="attachment-input"
              variant="contained"
              startIcon={<UploadFile />}
              disabled={!!upload}
            >
              {t('items.attachments.upload')}
            </FileButton>
          )}
        </Stack>
        {upload && (
          <Box sx={{ mb: 2 }} role="status">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('items.attachments.uploading', { name: upload.name, percent: Math.round(upload.progress * 100) })}
            </Typography>
            <LinearProgress variant="determinate" value={upload.progress * 100} aria-label={upload.name} />
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {list.isLoading && <LinearProgress aria-label={t('common.loading')} />}
        {list.isSuccess && items.length === 0 && (
          <Stack direction="row" spacing={1} sx={{ color: 'text.secondary', alignItems: 'center', py: 2 }}>
            <AttachFile aria-hidden />
            <Typography>{t('items.attachments.none')}</Typography>
          </Stack>
        )}
        <List disablePadding>
          {items.map((a) => (
            <ListItem
              key={a.id}
              divider
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  {isPreviewable(a.mimeType) && (
                    <RowAction
                      title={t('items.attachments.preview')}
                      label={t('items.attachments.previewOf', { name: a.fileName })}
                      icon={<Image />}
                      onClick={() => setPreview(a)}
                    />
                  )}
                  <RowAction
                    title={t('items.attachments.download')}
                    label={t('items.attachments.downloadOf', { name: a.fileName })}
                    icon={<FileDownload />}
                    onClick={() => void download(a)}
                  />
                  {a.rights.delete && (
                    <RowAction
                      title={t('items.attachments.delete')}
                      label={t('items.attachments.deleteOf', { name: a.fileName })}
                      icon={<Delete />}
                      onClick={() => setToDelete(a)}
                    />
                  )}
                </Stack>
              }
              sx={{ pr: { xs: a.rights.delete ? 18 : 12 } }}
            >
              <ListItemIcon sx={{ display: { xs: 'none', sm: 'flex' } }}>
                {isPreviewable(a.mimeType) ? <Image /> : <InsertDriveFile />}
              </ListItemIcon>
              <ListItemText
                primary={a.fileName}
                secondary={[formatBytes(a.size, i18n.language), a.uploadedBy, formatDateTime(a.createdAt)]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <DeleteFileDialog
        file={toDelete}
        onDelete={(a) => deleteAttachment(a.id)}
        onDeleted={refresh}
        onClose={() => setToDelete(null)}
      />
      {preview && (
        <Suspense fallback={null}>
          <PreviewDialog attachment={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** An icon button of a file's row: the tooltip names the action, the label names it with the file. */
function RowAction({ title, label, icon, onClick }: { title: string; label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <IconButton aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
