import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_TOKEN_MAX_DAYS, type ApiToken } from '@pc/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogFrame } from '../../components/dialog-frame';
import { FormCompaniesField } from '../../components/form/form-companies-field';
import { FormFilledField } from '../../components/form/form-filled-field';
import { CreateShownOnce, useSecretRecords } from '../../components/form/secret-records';
import { RecordList, RecordRow } from '../../components/record-list';
import { formatDate, formatDateTime, toDay } from '../../lib/format';
import { messageText } from '../../lib/messages';
import { useZodForm } from '../../lib/use-zod-form';
import { useApiTokens, useTokenCompanies } from './api';
import { CardHeading } from './card-heading';
import { apiTokensKey, createApiToken, revokeApiToken } from './profile-api';
import { profileErrorText } from './profile-messages';

const dayMs = 86_400_000;

const formSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  expiresOn: z.string().min(1, 'validation.required'),
  access: z.enum(['read', 'write']),
  companyIds: z.array(z.string()),
});
type FormValues = z.infer<typeof formSchema>;

function CreateDialog({ onClose }: { onClose: (token: string | null) => void }) {
  const { t } = useTranslation();
  const companies = useTokenCompanies();
  const today = new Date();
  const form = useZodForm<FormValues>(formSchema, {
    defaultValues: { name: '', expiresOn: toDay(new Date(today.getTime() + 90 * dayMs)), access: 'read', companyIds: [] },
    // The server checks the expiry as an instant; the form holds the day it ends on.
    fieldOf: (path) => (path === 'expiresAt' ? 'expiresOn' : path === 'name' || path === 'companyIds' ? path : undefined),
    onSubmit: async (values) => {
      const created = await createApiToken({
        name: values.name,
        expiresAt: new Date(`${values.expiresOn}T23:59:59`).toISOString(),
        access: values.access,
        companyIds: values.companyIds.length > 0 ? values.companyIds : undefined,
      });
      onClose(created.token);
    },
  });
  const message = (key?: string) => messageText(t, key);
  const fieldProps = { form, messageOf: message, required: true, disabled: form.busy };
  return (
    <DialogFrame
      open
      title={t('profileEdit.apiTokens.createTitle')}
      onClose={() => onClose(null)}
      form={form}
      submitLabel={t('profileEdit.apiTokens.create')}
      width={560}
    >
      <Stack spacing={2}>
        <FormFilledField {...fieldProps} name="name" label={t('profileEdit.apiTokens.name')} autoFocus />
        <FormFilledField
          {...fieldProps}
          name="expiresOn"
          hint={t('profileEdit.apiTokens.expiresHint', { days: API_TOKEN_MAX_DAYS - 1 })}
          type="date"
          label={t('profileEdit.apiTokens.expiresOn')}
          inputProps={{ min: toDay(new Date(today.getTime() + dayMs)), max: toDay(new Date(today.getTime() + 365 * dayMs)) }}
        />
        <Controller
          control={form.control}
          name="access"
          render={({ field }) => (
            <RadioGroup {...field} aria-label={t('profileEdit.apiTokens.access')}>
              <FormControlLabel value="read" control={<Radio />} label={t('profileEdit.apiTokens.accessRead')} />
              <FormControlLabel value="write" control={<Radio />} label={t('profileEdit.apiTokens.accessWrite')} />
            </RadioGroup>
          )}
        />
        <FormCompaniesField
          form={form}
          name="companyIds"
          label={t('profileEdit.apiTokens.companies')}
          companies={companies.data ?? []}
          messageOf={message}
          hint={t('profileEdit.apiTokens.companiesHint')}
          variant="filled"
          disabled={form.busy}
        />
      </Stack>
    </DialogFrame>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t } = useTranslation();
  return (
    <RecordRow
      testId="api-token-row"
      actions={
        <Button color="error" variant="outlined" size="small" onClick={onRevoke}>
          {t('profileEdit.apiTokens.revoke')}
        </Button>
      }
    >
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {token.name}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({t(token.access === 'read' ? 'profileEdit.apiTokens.accessReadShort' : 'profileEdit.apiTokens.accessWriteShort')})
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('profileEdit.apiTokens.meta', {
          created: formatDate(token.createdAt),
          used: token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('profileEdit.apiTokens.neverUsed'),
          expires: formatDate(token.expiresAt),
        })}
      </Typography>
    </RecordRow>
  );
}

/** Profile → API access: personal tokens for scripts, created, listed and revoked here. */
export function ApiTokenCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const tokens = useApiTokens();
  const { created, removal: revocation } = useSecretRecords(apiTokensKey, (token: ApiToken) => revokeApiToken(token.id));

  return (
    <Card component="section" aria-labelledby={headingId} data-testid="api-token-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <CardHeading id={headingId} icon={Key} title={t('profileEdit.apiTokens.title')} />
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('profileEdit.apiTokens.text')}
        </Typography>
        {revocation.failure !== null && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {profileErrorText(t, revocation.failure)}
          </Alert>
        )}
        {tokens.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {profileErrorText(t, tokens.error)}
          </Alert>
        )}
        {tokens.data && tokens.data.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('profileEdit.apiTokens.empty')}
          </Typography>
        )}
        {tokens.data && tokens.data.length > 0 && (
          <RecordList sx={{ mb: 2 }}>
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => revocation.ask(token)} />
            ))}
          </RecordList>
        )}
        <Button variant="outlined" onClick={created.start}>
          {t('profileEdit.apiTokens.create')}
        </Button>
      </CardContent>
      <CreateShownOnce
        created={created}
        dialog={(onClose) => <CreateDialog onClose={onClose} />}
        width={560}
        testId="api-token-value"
        title={t('profileEdit.apiTokens.createdTitle')}
        warning={t('profileEdit.apiTokens.createdText')}
      />
      <ConfirmDialog
        {...revocation.dialog}
        title={t('profileEdit.apiTokens.revokeTitle')}
        text={t('profileEdit.apiTokens.revokeText', { name: revocation.target?.name ?? '' })}
        confirmLabel={t('profileEdit.apiTokens.revoke')}
        danger
      />
    </Card>
  );
}
