import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type InvitationRegister, type InvitationTokenInfo, invitationRegisterSchema } from '@pc/shared';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { FormTextField } from '../../components/form-text-field';
import { isApiError, isUnavailableStatus } from '../../lib/api/api-error';
import { formatDate } from '../../lib/format';
import { invitationTokenInfo, registerFromInvitation } from '../../lib/invitation-link';
import { errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { useZodForm } from '../../lib/use-zod-form';
import { LinkChecking, LinkPasswordForm, LinkProblem } from './link-page-parts';

const toInvitations = '/login?redirect=%2Finvitation';

/**
 * A recipient without a user: their name, their company's name and a password, then the login
 * (with their address filled in) and the invitation.
 */
function RegisterForm({ token, info }: { token: string; info: InvitationTokenInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm<InvitationRegister>(invitationRegisterSchema, {
    mode: 'onChange',
    defaultValues: { firstname: '', lastname: '', companyName: '', password: '', passwordRepeated: '' },
    disableUntilValid: true,
    onSubmit: async (values) => {
      await registerFromInvitation(token, values);
      notify(t('invitation.link.registered'), 'success');
      await navigate({ href: `${toInvitations}&email=${encodeURIComponent(info.recipient)}`, replace: true });
    },
  });
  const messageOf = (key?: string) => messageText(t, key);
  const fieldProps = { form, messageOf, required: true, disabled: form.busy };
  return (
    <LinkPasswordForm
      form={form}
      text={t('invitation.link.registerText', { email: info.recipient })}
      submitLabel={t('invitation.link.register')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...fieldProps}
          name="firstname"
          label={t('invitation.link.firstname')}
          autoFocus
          fullWidth
          autoComplete="given-name"
        />
        <FormTextField
          {...fieldProps}
          name="lastname"
          label={t('invitation.link.lastname')}
          fullWidth
          autoComplete="family-name"
        />
      </Stack>
      <FormTextField {...fieldProps} name="companyName" label={t(`invitation.link.companyName.${info.purpose}`)} />
    </LinkPasswordForm>
  );
}

/**
 * /invitation/token/$token, the link of an invitation mail: checks the link, says who
 * invites to what; a recipient without a user first sets up their access, anyone else goes on to
 * the login and the invitation list, where they accept or decline.
 */
export function InvitationLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const loggedIn = useSession((s) => s.status === 'authenticated');
  // Public pages have no query client (the login bundle stays small): one call, its outcome kept here.
  const [info, setInfo] = useState<{ isPending: boolean; data?: InvitationTokenInfo; error?: unknown }>({ isPending: true });
  useEffect(() => {
    let cancelled = false;
    setInfo({ isPending: true });
    invitationTokenInfo(token).then(
      (data) => !cancelled && setInfo({ isPending: false, data }),
      (error: unknown) => !cancelled && setInfo({ isPending: false, error }),
    );
    return () => {
      cancelled = true;
    };
  }, [token]);
  const failed = !info.isPending && !info.data;

  return (
    <AuthCard title={t('invitation.link.title')}>
      {info.isPending && <LinkChecking text={t('invitation.link.checking')} />}
      {failed && (
        <LinkProblem
          severity={isApiError(info.error) && !isUnavailableStatus(info.error.status) ? 'warning' : 'error'}
          onOk={() => void navigate({ href: loggedIn ? '/invitation' : '/login' })}
        >
          {isApiError(info.error) && info.error.status === 422 ? t('invitation.link.invalid') : errorText(t, info.error)}
        </LinkProblem>
      )}
      {info.data && (
        <Stack spacing={2}>
          <Alert severity="info" icon={false}>
            <Typography sx={{ fontWeight: 600 }}>
              {t(`invitation.link.lead.${info.data.purpose}`, { company: info.data.companyName, sender: info.data.sender })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('invitation.link.validUntil', { date: formatDate(info.data.expiresAt) })}
            </Typography>
          </Alert>
          {info.data.passwordRequired ? (
            <RegisterForm token={token} info={info.data} />
          ) : (
            <>
              <Typography color="text.secondary">{t('invitation.link.signInText', { email: info.data.recipient })}</Typography>
              <Button
                variant="contained"
                size="large"
                fullWidth
                onClick={() => void navigate({ href: loggedIn ? '/invitation' : toInvitations })}
              >
                {t(loggedIn ? 'invitation.link.open' : 'invitation.link.signIn')}
              </Button>
            </>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
