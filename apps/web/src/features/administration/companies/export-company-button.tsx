import FolderZip from '@mui/icons-material/FolderZip';
import Button from '@mui/material/Button';
import type { CompanyDetail } from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { downloadCompanyArchive } from './api';

/** "Exportieren (ZIP)": the whole company as an archive, for those the company's rights allow. */
export function ExportCompanyButton({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!company.rights.export) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadCompanyArchive(company);
    } catch (error) {
      notify(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FolderZip />}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void download()}
      sx={{ flexGrow: { xs: 1, sm: 0 } }}
    >
      {busy ? t('companiesAdmin.archive.exporting') : t('companiesAdmin.archive.export')}
    </Button>
  );
}
