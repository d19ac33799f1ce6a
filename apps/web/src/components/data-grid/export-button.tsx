import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useExporting } from './export-all';

/** A list's Excel export in its page header: busy while the file is made, a notice when that fails. */
export function ExportButton({ onExport, disabled = false }: { onExport: () => Promise<void>; disabled?: boolean }) {
  const { t } = useTranslation();
  const { exporting, run } = useExporting();
  return (
    <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void run(onExport)} disabled={exporting || disabled}>
      {exporting ? t('grid.exporting') : t('grid.export')}
    </Button>
  );
}
