import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CompanyDetail, companyInputSchema } from '@pc/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { type DpoFields, useSaveDpo, useScopeCompany } from './api';

const FIELDS = [
  ['dataPrivacyAgentFirstname', 'firstname', 6],
  ['dataPrivacyAgentLastname', 'lastname', 6],
  ['dataPrivacyAgentAddressLine1', 'addressLine1', 12],
  ['dataPrivacyAgentAddressLine2', 'addressLine2', 12],
  ['dataPrivacyAgentZipCode', 'zipCode', 4],
  ['dataPrivacyAgentCity', 'city', 5],
  ['dataPrivacyAgentCountry', 'country', 3],
  ['dataPrivacyAgentPhoneNumber', 'phone', 6],
  ['dataPrivacyAgentEmailAddress', 'email', 6],
] as const satisfies readonly (readonly [keyof DpoFields, string, number])[];

const dpoSchema = companyInputSchema.pick(
  Object.fromEntries(FIELDS.map(([key]) => [key, true])) as Record<keyof DpoFields, true>,
);

function pick(company: CompanyDetail): DpoFields {
  return Object.fromEntries(FIELDS.map(([key]) => [key, company[key] ?? ''])) as DpoFields;
}

/** Whether a DPO is given: a name or an e-mail address is enough to reach them. */
export function hasDpo(c: DpoFields): boolean {
  return [c.dataPrivacyAgentFirstname, c.dataPrivacyAgentLastname, c.dataPrivacyAgentEmailAddress].some((v) => !!v?.trim());
}

function DpoDialog({ company, onClose }: { company: CompanyDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDpo();
  // The company the dialog edits: as loaded, then as the server answered it after a conflict.
  const base = useRef(company);
  const form = useZodForm<DpoFields>(dpoSchema, {
    defaultValues: pick(company),
    onSubmit: async (values, { ifMatch }) => {
      const saved = await save.mutateAsync({ base: base.current, dpo: values, ifMatch });
      notify(t('dashboard.myDpo.saved'), 'success');
      onClose();
      return saved;
    },
    versioning: {
      record: company,
      valuesOf: (current: CompanyDetail) => {
        base.current = current;
        return pick(current);
      },
      labelOf: (path) => t(`dashboard.myDpo.field.${FIELDS.find(([key]) => key === path)?.[1] ?? path}`),
    },
  });
  const { errors } = form.formState;
  const message = (key?: string) =>
    key ? t([`companiesAdmin.${key}`, `items.${key}`, key, 'companiesAdmin.validation.invalid']) : undefined;
  return (
    <DialogFrame
      title={t('dashboard.myDpo.dialogTitle', { company: company.name })}
      onClose={onClose}
      onSubmit={form.submit}
      busy={form.busy}
      width={600}
      actions={
        <>
          <Button onClick={onClose} disabled={form.busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.busy}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {!!form.failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(t, form.failure)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 2, pt: 1 }}>
        {FIELDS.map(([key, label, span], index) => (
          <TextField
            key={key}
            label={t(`dashboard.myDpo.field.${label}`)}
            {...form.register(key)}
            type={label === 'email' ? 'email' : label === 'phone' ? 'tel' : 'text'}
            autoFocus={index === 0}
            error={!!errors[key]}
            helperText={message(errors[key]?.message)}
            slotProps={{ htmlInput: label === 'country' ? { maxLength: 2 } : undefined }}
            sx={{ gridColumn: { xs: 'span 12', sm: `span ${span}` } }}
          />
        ))}
      </Box>
    </DialogFrame>
  );
}

function DpoSummary({ company, canEdit }: { company: CompanyDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  if (!hasDpo(company)) {
    return (
      <Stack spacing={0.5}>
        <Typography variant="body2">{t('dashboard.myDpo.notGiven')}</Typography>
        {canEdit && (
          <Typography variant="body2" color="primary" sx={{ fontWeight: 500 }}>
            {t('dashboard.myDpo.clickToChoose')}
          </Typography>
        )}
      </Stack>
    );
  }
  const name = [company.dataPrivacyAgentFirstname, company.dataPrivacyAgentLastname].filter(Boolean).join(' ');
  const place = [company.dataPrivacyAgentZipCode, company.dataPrivacyAgentCity].filter(Boolean).join(' ');
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {name && (
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
      )}
      {[company.dataPrivacyAgentAddressLine1, company.dataPrivacyAgentAddressLine2, place].filter(Boolean).map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
      {company.dataPrivacyAgentPhoneNumber && <Typography variant="body2">{company.dataPrivacyAgentPhoneNumber}</Typography>}
      {company.dataPrivacyAgentEmailAddress && <Typography variant="body2">{company.dataPrivacyAgentEmailAddress}</Typography>}
      {canEdit && (
        <Typography variant="body2" color="primary" sx={{ fontWeight: 500, pt: 1 }}>
          {t('dashboard.myDpo.clickToChange')}
        </Typography>
      )}
    </Stack>
  );
}

/** The my-DPO tile: the scope company's data protection officer; editors choose them by clicking. */
export function MyDpoTileBody({ companyId }: { companyId: string }) {
  const _me = useSession((s) => s.me);
  const company = useScopeCompany(companyId);
  const [editing, setEditing] = useState(false);
  const { t } = useTranslation();
  if (company.isPending) return <Skeleton variant="rectangular" height={96} sx={{ m: 2 }} />;
  if (company.isError) {
    return (
      <CardContent>
        <Typography variant="body2" color="error">
          {t('dashboard.loadError')}
        </Typography>
      </CardContent>
    );
  }
  const canEdit = company.data.rights.write;
  const body = (
    <CardContent sx={{ width: '100%', pt: 1 }}>
      <DpoSummary company={company.data} canEdit={canEdit} />
    </CardContent>
  );
  return (
    <>
      {canEdit ? (
        // Named by what it shows (the DPO and "Zum Ändern klicken"): a name of its own would differ
        // from the visible text, which speech input users say to click it.
        <CardActionArea
          onClick={() => setEditing(true)}
          aria-haspopup="dialog"
          sx={{ flexGrow: 1, display: 'flex', alignItems: 'stretch' }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
      {editing && <DpoDialog company={company.data} onClose={() => setEditing(false)} />}
    </>
  );
}
