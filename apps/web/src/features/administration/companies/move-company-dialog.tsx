import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyDetail, CompanyListItem } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormSelectField } from '../../../components/form/form-select-field';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { companyChanged, moveCompany } from './api';
import { moveTargets } from './company-logic';
import { fieldMessage } from './company-messages';

const schema = z.object({ target: z.string().min(1) });

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
  const targets = moveTargets(companies, company);
  const form = useZodForm<{ target: string }>(schema, {
    defaultValues: { target: '' },
    disableUntilValid: true,
    // Whatever the server finds wrong (parent or agency), the one choice is what to change.
    fieldOf: () => 'target',
    onSubmit: async ({ target }) => {
      const chosen = targets.find((x) => x.key === target);
      if (!chosen) return;
      await moveCompany(company.id, chosen.move);
      await companyChanged(client, company.id);
      notify(t('companiesAdmin.move.success', { company: company.name }), 'success');
      close();
    },
  });
  const place = company.parentCompanyName
    ? t('companiesAdmin.move.group', { name: company.parentCompanyName })
    : company.agencyCompanyName
      ? t('companiesAdmin.move.agency', { name: company.agencyCompanyName })
      : t('companiesAdmin.move.nowhere');
  const failure = form.failure ? errorText(t, form.failure) : undefined;
  // The dialog stays mounted between openings: start empty each time.
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <DialogFrame
      open={open}
      title={t('companiesAdmin.move.title', { company: company.name })}
      onClose={close}
      form={form}
      submitLabel={t('companiesAdmin.move.confirm')}
      showFailure={false}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('companiesAdmin.move.current', { place })}
        </Typography>
        {targets.length === 0 ? (
          <Alert severity="info">{t('companiesAdmin.move.noTargets')}</Alert>
        ) : (
          <FormSelectField
            form={form}
            name="target"
            // Only the server's answer is shown on the field; the button waits for a choice.
            messageOf={(key) => (form.formState.errors.target?.type === 'server' ? fieldMessage(t, key) : undefined)}
            hint={failure}
            error={!!failure}
            label={t('companiesAdmin.move.target')}
            disabled={form.busy}
            options={targets.map((x) => ({
              value: x.key,
              label:
                x.kind === 'group'
                  ? t('companiesAdmin.move.group', { name: x.name })
                  : t('companiesAdmin.move.agency', { name: x.name }),
            }))}
          />
        )}
        <Alert severity="warning">{t('companiesAdmin.move.warning')}</Alert>
      </Stack>
    </DialogFrame>
  );
}
