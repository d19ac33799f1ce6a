import Mail from '@mui/icons-material/Mail';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserMe } from '@pc/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilledTextField } from '../../components/filled-text-field';
import { useZodForm } from '../../lib/use-zod-form';
import { newEmailSchema } from './avatar-file';
import { CardHeading } from './card-heading';
import { requestEmailChange } from './profile-api';
import { profileErrorText, profileMessage } from './profile-messages';

/**
 * The e-mail address (it is also the login name). A change takes effect only when the link the
 * server mails to the new address is opened; until then the current address stays in use.
 */
export function EmailCard({ me }: { me: UserMe }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const start = () => {
    setSentTo(null);
    setEditing(true);
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <CardHeading id={headingId} icon={Mail} title={t('profileEdit.email.title')} />
        <Typography variant="body2" color="text.secondary">
          {t('profileEdit.email.current')}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 2 }} data-testid="current-email">
          {me.email}
        </Typography>
        {sentTo && (
          <Alert
            severity="info"
            icon={<MarkEmailRead />}
            role="status"
            sx={{ mb: 2, overflowWrap: 'anywhere' }}
            data-testid="email-change-sent"
          >
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('profileEdit.email.sentTitle')}</Typography>
            {t('profileEdit.email.sentText', { email: sentTo })}
          </Alert>
        )}
        {editing ? (
          <EmailForm
            current={me.email}
            onSent={(email) => {
              setSentTo(email);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Button variant="outlined" onClick={start}>
            {t(sentTo ? 'profileEdit.email.again' : 'profileEdit.email.change')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function EmailForm({ current, onSent, onCancel }: { current: string; onSent: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm<{ email: string }>(newEmailSchema(current), {
    defaultValues: { email: '' },
    onSubmit: async ({ email }) => {
      await requestEmailChange(email);
      onSent(email);
    },
    // Everything that goes wrong is about the one address: said under the field, which takes focus.
    onFailure: (error, onFields) => {
      if (!onFields) form.setError('email', { type: 'failure', message: profileErrorText(t, error) }, { shouldFocus: true });
    },
  });
  const error = form.formState.errors.email;
  const text =
    error?.type === 'custom'
      ? t(`profileEdit.email.error.${error.message}`)
      : error?.type === 'server'
        ? profileMessage(t, error.message)
        : error?.message;
  return (
    <Box component="form" onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('profileEdit.email.text')}
      </Typography>
      <FilledTextField
        {...form.register('email')}
        label={t('profileEdit.email.new')}
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={!!error}
        helperText={text}
        alertHelperText
      />
      {/* Phones: the main action on top, both full width, instead of a ragged wrap. */}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ mt: 2, gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={form.busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!form.canSubmit}>
          {t('profileEdit.email.send')}
        </Button>
      </Stack>
    </Box>
  );
}
