import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api/api-error';
import { useSession } from '../../lib/session/session-store';
import { useEmailChangeConfirmation } from './api';
import { ApiTokenCard } from './api-token-card';
import { emailConfirmParams } from './avatar-file';
import { CardHeading } from './card-heading';
import { EmailCard } from './email-card';
import { PersonalCard } from './personal-card';
import { PreferencesCard } from './preferences-card';
import { profileErrorText } from './profile-messages';
import { TwoFactorCard } from './two-factor-card';

/**
 * The confirmation link of an e-mail change lands here (/profile?confirmEmail=…&user=…, see the
 * server's email-change mail). Confirms once, then drops the token from the address bar.
 */
function EmailConfirmation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useState(() => emailConfirmParams(window.location.search));
  const confirm = useEmailChangeConfirmation(params);
  const done = !confirm.isPending;

  useEffect(() => {
    if (params && done) void navigate({ href: '/profile', replace: true });
  }, [params, done, navigate]);

  if (!params) return null;
  if (confirm.isPending) {
    return (
      <Alert severity="info" role="status">
        {t('profileEdit.confirm.pending')}
      </Alert>
    );
  }
  if (confirm.isError) {
    const invalid = isApiError(confirm.error) && confirm.error.status === 400;
    return (
      <Alert severity="error" role="alert" data-testid="email-confirm-result">
        {invalid ? t('profileEdit.confirm.invalid') : profileErrorText(t, confirm.error)}
      </Alert>
    );
  }
  return (
    <Alert severity="success" role="status" data-testid="email-confirm-result">
      {t('profileEdit.confirm.success')}
    </Alert>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column' }}>
        <CardHeading id={headingId} icon={Lock} title={t('account.profile.password')} />
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('account.profile.passwordText')}
        </Typography>
        <ButtonLink to="/change-password" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('account.profile.changePassword')}
        </ButtonLink>
      </CardContent>
    </Card>
  );
}

const columns = { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' };

/** /profile: picture, name, e-mail, language, mails, password and the second factor. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  if (!me) return null;

  return (
    <Box sx={{ maxWidth: 1040 }}>
      <PageHeader title={t('section.profile')} />
      <Stack spacing={3}>
        <EmailConfirmation />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: columns, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <PersonalCard me={me} />
            <EmailCard me={me} />
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <PreferencesCard me={me} />
            <PasswordCard />
          </Stack>
        </Box>
        <TwoFactorCard enabled={me.twoFactorEnabled} />
        <ApiTokenCard />
      </Stack>
    </Box>
  );
}
