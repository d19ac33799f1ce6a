import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import type { ItemTypeKey } from '@pc/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The wizard loads when it is opened, not with every register list.
const ImportWizard = lazy(() => import('./import-wizard').then((m) => ({ default: m.ImportWizard })));

/** "Import" beside a register's Excel export: opens the import wizard for the register. */
export function ImportButton({ type }: { type: ItemTypeKey }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('import.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportWizard type={type} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
