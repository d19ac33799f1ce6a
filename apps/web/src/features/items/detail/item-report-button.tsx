import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { Item } from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, type DownloadedFile, saveFile } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';

/**
 * "Report as PDF" of one item (the item's report document). The server also
 * keeps the file under the company's documents. Spec 001 §8: a failure is logged only.
 */
export function ItemReportButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const file = await apiRequest<DownloadedFile>(`/report/item/${item.type}/${item.id}`, { responseType: 'file' });
      saveFile(file, `${item.number} ${item.name}.pdf`);
      notify(t('items.report.kept'), 'info');
    } catch (error) {
      console.error('item report failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Tooltip title={t('items.report.item.tooltip')}>
      <span>
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <PictureAsPdf />}
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('items.report.item.busy') : t('items.report.item.button')}
        </Button>
      </span>
    </Tooltip>
  );
}
