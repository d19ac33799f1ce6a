import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyListItem } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { FileButton, fileDropProps } from '../../../components/file-button';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { companyChanged, importCompanyArchive } from './api';

/**
 * "Importieren": a new company from a company archive (ZIP). Shows the upload's progress, then
 * that the server is creating the company, and the server's reason when it refuses the file.
 */
export function ImportCompanyDialog({
  open,
  onClose,
  groups,
}: {
  open: boolean;
  onClose: () => void;
  /** Groups the caller may put the new company into; without a choice it becomes a client of their own company. */
  groups: readonly CompanyListItem[];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [parent, setParent] = useState('');
  const busy = progress !== null;

  const choose = (f: File) => {
    setFile(f);
    setFailure(null);
  };
  const close = () => {
    if (busy) return;
    setFile(null);
    setFailure(null);
    onClose();
  };
  const start = async () => {
    if (!file) return;
    setProgress(0);
    setFailure(null);
    try {
      const { companyId } = await importCompanyArchive(file, parent || null, setProgress);
      await companyChanged(client, companyId);
      notify(t('companiesAdmin.archive.imported'), 'success');
      setFile(null);
      onClose();
      void navigate({ to: '/administration/companies/$id', params: { id: companyId } });
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <DialogFrame
      open={open}
      title={t('companiesAdmin.archive.importTitle')}
      description={t('companiesAdmin.archive.importText')}
      onClose={close}
      busy={busy}
      width={640}
      actions={
        <>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" disabled={!file || busy} onClick={() => void start()}>
            {t('companiesAdmin.archive.importSubmit')}
          </Button>
        </>
      }
    >
      <div {...fileDropProps(choose)}>
        <FileButton
          variant="outlined"
          startIcon={<UploadFile />}
          accept=".zip,application/zip"
          inputTestId="company-archive-input"
          onFile={choose}
          disabled={busy}
        >
          {t('companiesAdmin.archive.choose')}
        </FileButton>
        {file && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {file.name}
          </Typography>
        )}
      </div>
      {groups.length > 0 && (
        <TextField
          select
          fullWidth
          label={t('companiesAdmin.archive.target')}
          value={parent}
          onChange={(e) => setParent(e.target.value)}
          disabled={busy}
          sx={{ mt: 2.5 }}
        >
          <MenuItem value="">{t('companiesAdmin.archive.targetOwn')}</MenuItem>
          {groups.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {t('companiesAdmin.move.group', { name: g.name })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {progress !== null && (
        <div role="status" aria-live="polite">
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(progress * 100)}
            sx={{ mt: 2 }}
            aria-label={t('companiesAdmin.archive.uploading')}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {progress < 1
              ? t('companiesAdmin.archive.uploadingPercent', { percent: Math.round(progress * 100) })
              : t('companiesAdmin.archive.creating')}
          </Typography>
        </div>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </DialogFrame>
  );
}
