import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Item } from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, type DownloadedFile, saveFile } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';

/**
 * "Report as PDF" of one item, and the same report as a Word document beside it (a small icon
 * button, so the toolbar still fits a phone). The server also keeps the file under the company's
 * documents. A failure is logged only.
 */
export function ItemReportButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'pdf' | 'docx' | null>(null);

  async function download(format: 'pdf' | 'docx') {
    setBusy(format);
    try {
      const file = await apiRequest<DownloadedFile>(`/report/item/${item.type}/${item.id}?format=${format}`, {
        responseType: 'file',
      });
      saveFile(file, `${item.number} ${item.name}.${format}`);
      notify(t('items.report.kept'), 'info');
    } catch (error) {
      console.error('item report failed', error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Tooltip title={t('items.report.item.tooltip')}>
        <span>
          <Button
            variant="outlined"
            startIcon={busy === 'pdf' ? <CircularProgress size={18} aria-hidden /> : <PictureAsPdf />}
            onClick={() => void download('pdf')}
            disabled={busy !== null}
            aria-busy={busy === 'pdf'}
          >
            {busy === 'pdf' ? t('items.report.item.busy') : t('items.report.item.button')}
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={t('items.report.item.docxTooltip')}>
        <span>
          <IconButton
            aria-label={t('items.report.item.docx')}
            onClick={() => void download('docx')}
            disabled={busy !== null}
            aria-busy={busy === 'docx'}
          >
            {busy === 'docx' ? <CircularProgress size={18} aria-hidden /> : <Description />}
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
