import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemTypeKey } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { FileButton, fileDropProps } from '../../../components/file-button';
import { useTask } from '../../../lib/use-task';
import { CompanySelect } from '../company-select';
import { downloadTemplate } from './api';

interface FileStepProps {
  type: ItemTypeKey;
  /** The single company in scope; null: the user chooses one. */
  scopeCompanyId: string | null;
  /** The scope when it is a group or all companies: the choice is among its single companies. */
  groupScopeId: string | null;
  companyId: string | null;
  onCompany: (id: string | null) => void;
  /** Upload progress 0…1 while sending, 1 while the server checks, null when idle. */
  progress: number | null;
  problem: string | null;
  onFile: (file: File) => void;
}

/** First step: the template to fill in, the company to import into (when the scope names none), the file. */
export function FileStep({ type, scopeCompanyId, groupScopeId, companyId, onCompany, progress, problem, onFile }: FileStepProps) {
  const { t } = useTranslation();
  const { busy: templateBusy, run } = useTask();
  const target = scopeCompanyId ?? companyId;

  const template = (format: 'xlsx' | 'csv') => run(() => downloadTemplate(type, format, target));

  const reading = progress !== null;
  return (
    <Stack spacing={2.5}>
      <Typography variant="body2">{t('import.file.intro')}</Typography>
      {!scopeCompanyId && (
        <Box>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('import.file.chooseCompany')}
          </Typography>
          <CompanySelect label={t('import.file.company')} scopeId={groupScopeId} value={companyId} onChange={onCompany} />
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('import.file.template')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              variant="outlined"
              startIcon={<FileDownload />}
              disabled={templateBusy || !target}
              onClick={() => void template(format)}
            >
              {t(format === 'xlsx' ? 'import.file.templateXlsx' : 'import.file.templateCsv')}
            </Button>
          ))}
        </Stack>
      </Box>
      <Box
        {...fileDropProps((file) => target && !reading && onFile(file))}
        sx={{ border: '1px dashed', borderColor: 'divider', borderRadius: 1, p: { xs: 2, sm: 3 }, textAlign: 'center' }}
      >
        <FileButton
          onFile={onFile}
          accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          inputTestId="import-file-input"
          variant="contained"
          startIcon={<UploadFile />}
          disabled={reading || !target}
          autoFocus={!!scopeCompanyId}
        >
          {t('import.file.choose')}
        </FileButton>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('import.file.hint')}
        </Typography>
      </Box>
      {reading && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {progress < 1 ? t('import.file.reading', { percent: Math.round(progress * 100) }) : t('import.file.checking')}
          </Typography>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={progress * 100}
            aria-label={t('import.file.checking')}
          />
        </Box>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
