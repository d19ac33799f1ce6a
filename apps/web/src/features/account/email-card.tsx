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
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilledTextField } from '../../components/filled-text-field';
import { isApiError } from '../../lib/api/api-error';
import { checkNewEmail } from './avatar-file';
import { requestEmailChange } from './profile-api';
import { profileErrorText, profileMessage } from './profile-messages';

/**
 * The e-mail address (it is also the login name). A change takes effect only when the link the
 * server mails to the new address is opened; until then the current address stays in use.
 */
export function EmailCard({ me }: { me: UserMe }) {
  const { t } = useTranslation();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const start = () => {
    setSentTo(null);
    setEditing(true);
    setValue('');
    setError(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkNewEmail(value, me.email);
    if (!check.ok) {
      setError(t(`profileEdit.email.error.${check.error}`));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestEmailChange(value.trim());
      setSentTo(value.trim());
      setEditing(false);
    } catch (e) {
      const field = isApiError(e) ? e.fields?.email?.[0] : undefined;
      setError(field ? (profileMessage(t, field) ?? profileErrorText(t, e)) : profileErrorText(t, e));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Mail color="primary" aria-hidden />
          <Typography id={headingId} variant="h6" component="h2">
            {t('profileEdit.email.title')}
          </Typography>
        </Stack>
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
          <Box component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-busy={busy}>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('profileEdit.email.text')}
            </Typography>
            <FilledTextField
              ref={inputRef}
              label={t('profileEdit.email.new')}
              type="email"
              autoComplete="email"
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={!!error}
              helperText={error}
              alertHelperText
            />
            {/* Phones: the main action on top, both full width, instead of a ragged wrap. */}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ mt: 2, gap: 1, justifyContent: 'flex-end' }}>
              <Button onClick={() => setEditing(false)} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {t('profileEdit.email.send')}
              </Button>
            </Stack>
          </Box>
        ) : (
          <Button variant="outlined" onClick={start}>
            {t(sentTo ? 'profileEdit.email.again' : 'profileEdit.email.change')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
