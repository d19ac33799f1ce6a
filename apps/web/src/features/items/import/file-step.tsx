import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemTypeKey } from '@pc/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/form-inputs';
import { isApiError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useCompanies } from '../api';
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
  const input = useRef<HTMLInputElement>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const companies = useCompanies(!scopeCompanyId);
  const options = (companies.data ?? [])
    .filter(
      (c) => c.isActive && c.type !== 'Group' && (!groupScopeId || c.id === groupScopeId || c.parentCompanyId === groupScopeId),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
    .map((c) => ({ value: c.id, label: c.name }));
  const target = scopeCompanyId ?? companyId;

  async function template(format: 'xlsx' | 'csv') {
    setTemplateBusy(true);
    try {
      await downloadTemplate(type, format, target);
    } catch (error) {
      notify(isApiError(error) ? error.message : t('common.unexpectedError'), 'error');
    } finally {
      setTemplateBusy(false);
    }
  }

  const reading = progress !== null;
  return (
    <Stack spacing={2.5}>
      <Typography variant="body2">{t('import.file.intro')}</Typography>
      {!scopeCompanyId && (
        <Box>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('import.file.chooseCompany')}
          </Typography>
          <SelectInput<string>
            label={t('import.file.company')}
            name="companyId"
            value={companyId}
            onChange={onCompany}
            required
            options={options}
          />
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('import.file.template')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            disabled={templateBusy || !target}
            onClick={() => void template('xlsx')}
          >
            {t('import.file.templateXlsx')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            disabled={templateBusy || !target}
            onClick={() => void template('csv')}
          >
            {t('import.file.templateCsv')}
          </Button>
        </Stack>
      </Box>
      <Box
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const file = e.dataTransfer.files[0];
          if (file && target && !reading) onFile(file);
        }}
        sx={{ border: '1px dashed', borderColor: 'divider', borderRadius: 1, p: { xs: 2, sm: 3 }, textAlign: 'center' }}
      >
        <input
          ref={input}
          type="file"
          hidden
          aria-hidden
          tabIndex={-1}
          accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="import-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Button
          variant="contained"
          startIcon={<UploadFile />}
          disabled={reading || !target}
          onClick={() => input.current?.click()}
          autoFocus={!!scopeCompanyId}
        >
          {t('import.file.choose')}
        </Button>
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
