import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyDetail, CompanyListItem } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { companyChanged, moveCompany } from './api';
import { moveTargets } from './company-logic';
import { companyErrorText, fieldMessage } from './company-messages';

/**
 * Moving a company into another group or to another agency (its own action, Company.Move): the
 * targets are the groups and agencies the user sees, so the company stays within their reach.
 */
export function MoveCompanyDialog({
  company,
  companies,
  open,
  onClose,
}: {
  company: CompanyDetail;
  companies: readonly CompanyListItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const targets = moveTargets(companies, company);
  const place = company.parentCompanyName
    ? t('companiesAdmin.move.group', { name: company.parentCompanyName })
    : company.agencyCompanyName
      ? t('companiesAdmin.move.agency', { name: company.agencyCompanyName })
      : t('companiesAdmin.move.nowhere');

  const close = () => {
    if (busy) return;
    setTarget('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    const chosen = targets.find((x) => x.key === target);
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      await moveCompany(company.id, chosen.move);
      await companyChanged(client, company.id);
      notify(t('companiesAdmin.move.success', { company: company.name }), 'success');
      setBusy(false);
      close();
    } catch (e) {
      setBusy(false);
      const field = isApiError(e) && e.status === 422 ? Object.values(e.fields ?? {})[0]?.[0] : undefined;
      setError(field ? (fieldMessage(t, field) ?? '') : companyErrorText(t, e));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { width: 640, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{t('companiesAdmin.move.title', { company: company.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('companiesAdmin.move.current', { place })}
          </Typography>
          {targets.length === 0 ? (
            <Alert severity="info">{t('companiesAdmin.move.noTargets')}</Alert>
          ) : (
            <TextField
              select
              label={t('companiesAdmin.move.target')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              error={!!error}
              helperText={error ?? undefined}
              disabled={busy}
            >
              {targets.map((x) => (
                <MenuItem key={x.key} value={x.key}>
                  {x.kind === 'group'
                    ? t('companiesAdmin.move.group', { name: x.name })
                    : t('companiesAdmin.move.agency', { name: x.name })}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Alert severity="warning">{t('companiesAdmin.move.warning')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={busy}>
          {t('companiesAdmin.move.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={busy || !target}>
          {t('companiesAdmin.move.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
