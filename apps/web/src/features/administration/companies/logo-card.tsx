import Delete from '@mui/icons-material/Delete';
import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyDetail } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoFrame } from '../../../components/logo-frame';
import { IMAGE_ACCEPT, useImageFile } from '../../../lib/image-file';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { companyChanged, deleteCompanyLogo, uploadCompanyLogo, useCompanyLogo } from './api';
import { fieldMessage } from './company-messages';
import { Section } from './form-parts';

/** Choose a PNG, JPEG or GIF, see it at 150×50, then upload or discard it; or remove the stored one. */
export function LogoCard({ company, editable }: { company: CompanyDetail; editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const stored = useCompanyLogo(company.id, company.hasLogo);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { file, preview, choose, discard } = useImageFile((problem) =>
    setError(problem ? t(`companiesAdmin.logo.error.${problem}`) : null),
  );

  const run = async (action: () => Promise<unknown>, done: string) => {
    setProgress(0);
    setError(null);
    try {
      await action();
      await companyChanged(client, company.id, true);
      discard();
      notify(done, 'success');
    } catch (e) {
      const fields = (e as { fields?: Record<string, string[]> }).fields;
      setError(fields?.file?.[0] ? (fieldMessage(t, fields.file[0]) ?? '') : errorText(t, e));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const shown = preview ?? (company.hasLogo ? stored.data : null);
  return (
    <Section title={t('companiesAdmin.logo.title')}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <LogoFrame
            src={shown}
            type={company.type}
            alt={preview ? t('companiesAdmin.logo.previewAlt') : t('companiesAdmin.logo.alt', { name: company.name })}
          />
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 140px' }} role={file ? 'status' : undefined}>
            {file ? t('companiesAdmin.logo.previewHint') : t('companiesAdmin.logo.hint')}
          </Typography>
        </Box>
        {busy && <LinearProgress variant="determinate" value={progress * 100} aria-label={t('common.loading')} />}
        {editable && (
          <>
            <input ref={inputRef} type="file" accept={IMAGE_ACCEPT} onChange={choose} hidden data-testid="company-logo-input" />
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {file ? (
                <>
                  <Button
                    variant="contained"
                    size="small"
                    disabled={busy}
                    onClick={() =>
                      void run(() => uploadCompanyLogo(company.id, file, setProgress), t('companiesAdmin.logo.saved'))
                    }
                  >
                    {t('companiesAdmin.logo.save')}
                  </Button>
                  <Button size="small" disabled={busy} onClick={discard}>
                    {t('companiesAdmin.logo.discard')}
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={<Upload />}
                    disabled={busy}
                    onClick={() => inputRef.current?.click()}
                  >
                    {company.hasLogo ? t('companiesAdmin.logo.replace') : t('companiesAdmin.logo.upload')}
                  </Button>
                  {company.hasLogo && (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<Delete />}
                      disabled={busy}
                      onClick={() => void run(() => deleteCompanyLogo(company.id), t('companiesAdmin.logo.removed'))}
                    >
                      {t('companiesAdmin.logo.remove')}
                    </Button>
                  )}
                </>
              )}
            </Stack>
          </>
        )}
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}
