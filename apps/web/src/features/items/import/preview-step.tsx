import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportPreview } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '../../../components/simple-table';
import { useTask } from '../../../lib/use-task';
import { validationMessage } from '../labels';
import { downloadImportErrors } from './api';

/** How many of the file's errors the screen lists; the error file holds them all. */
const SHOWN_ERRORS = 50;

/** A column a phone leaves out, so that the result column stays in view. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

const stateColour = { new: 'success', updated: 'info', unchanged: 'default', error: 'error' } as const;

/** Third step: the counts, the first rows as they would be saved, and every error (downloadable as XLSX). */
interface PreviewStepProps {
  preview: ImportPreview;
  writing: boolean;
  /** Rows written of those to write, once the server has said. */
  written: { done: number; total: number } | null;
}

export function PreviewStep({ preview, writing, written }: PreviewStepProps) {
  const { t } = useTranslation();
  const { busy: downloading, run } = useTask(t('import.preview.downloadFailed'));
  const { counts } = preview;
  const download = () => run(() => downloadImportErrors(preview.importId));

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('import.preview.intro')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="import-counts">
        <Chip color="success" variant="outlined" label={t('import.preview.counts.new', { count: counts.new })} />
        <Chip color="info" variant="outlined" label={t('import.preview.counts.updated', { count: counts.updated })} />
        <Chip variant="outlined" label={t('import.preview.counts.unchanged', { count: counts.unchanged })} />
        <Chip
          color={counts.errors ? 'error' : 'default'}
          variant={counts.errors ? 'filled' : 'outlined'}
          label={t('import.preview.counts.errors', { count: counts.errors })}
        />
      </Stack>
      {counts.errors > 0 && (
        <Alert severity="error">
          {t('import.preview.errorsHint', { count: counts.errors })}
          <Box sx={{ mt: 1 }}>
            <Button
              color="inherit"
              size="small"
              startIcon={<FileDownload />}
              onClick={() => void download()}
              disabled={downloading}
            >
              {t('import.preview.downloadErrors')}
            </Button>
          </Box>
        </Alert>
      )}
      {counts.errors === 0 && counts.new + counts.updated === 0 && <Alert severity="info">{t('import.preview.nothing')}</Alert>}
      {preview.errors.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('import.preview.errorsTitle')}
          </Typography>
          <SimpleTable
            label={t('import.preview.errorsTitle')}
            maxHeight={260}
            columns={[
              t('import.preview.line'),
              t('import.preview.column'),
              t('import.preview.value'),
              t('import.preview.reason'),
            ]}
          >
            {preview.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one cell may have two problems; the list never reorders
              <TableRow key={i}>
                <TableCell>{e.line}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.column || '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.value || '—'}</TableCell>
                <TableCell>{validationMessage(t, e.message)}</TableCell>
              </TableRow>
            ))}
          </SimpleTable>
          {preview.errors.length > SHOWN_ERRORS && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('import.preview.moreErrors')}
            </Typography>
          )}
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('import.preview.firstRows', { count: preview.rows.length })}
        </Typography>
        <SimpleTable
          label={t('import.preview.firstRows', { count: preview.rows.length })}
          maxHeight={320}
          columns={[
            t('import.preview.line'),
            { label: t('import.preview.number'), sx: wideOnly },
            t('import.preview.name'),
            t('import.preview.state'),
          ]}
        >
          {preview.rows.map((r) => (
            <TableRow key={r.line}>
              <TableCell>{r.line}</TableCell>
              <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{r.number ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.name || '—'}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={stateColour[r.state]}
                  variant="outlined"
                  label={t(`import.preview.stateName.${r.state}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      </Box>
      {writing && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {written?.total ? t('import.preview.written', written) : t('import.preview.writing')}
          </Typography>
          <LinearProgress
            aria-label={t('import.preview.writing')}
            variant={written?.total ? 'determinate' : 'indeterminate'}
            value={written?.total ? (written.done / written.total) * 100 : undefined}
          />
        </Box>
      )}
    </Stack>
  );
}
