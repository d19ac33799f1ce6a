import { type ResetPassword, resetPasswordSchema } from '@pc/shared';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { isApiError, isUnavailableStatus } from '../../lib/api/api-error';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { resetPassword, validateResetToken } from './api';
import { LinkChecking, LinkPasswordForm, LinkProblem } from './link-page-parts';

type LinkState = 'validating' | 'valid' | 'invalid' | 'unavailable';

/** The login after a new password: the address filled in, the password the only thing left. */
export const loginWithEmail = (email: string | undefined) => (email ? `/login?email=${encodeURIComponent(email)}` : '/login');

function ResetForm({ userId, token, email }: { userId: string; token: string; email?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm<ResetPassword>(resetPasswordSchema, {
    mode: 'onChange',
    defaultValues: { userId, token, password: '', passwordRepeated: '' },
    disableUntilValid: true,
    onSubmit: async (values) => {
      await resetPassword(values);
      notify(t('account.reset.success'), 'success');
      await navigate({ href: loginWithEmail(email), replace: true });
    },
  });

  return <LinkPasswordForm form={form} text={t('account.reset.text')} submitLabel={t('account.reset.submit')} autoFocus />;
}

/** /reset-password/$userId?token=…: validating, then the form or the invalid-link notice. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId } = useParams({ strict: false }) as { userId?: string };
  const search: Record<string, unknown> = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : '';
  const [state, setState] = useState<LinkState>('validating');
  const [email, setEmail] = useState<string | undefined>();

  useEffect(() => {
    let cancelled = false;
    setState('validating');
    if (!userId || !token) {
      setState('invalid');
      return;
    }
    validateResetToken(userId, token).then(
      (res) => {
        if (cancelled) return;
        setEmail(res.email);
        setState(res.valid ? 'valid' : 'invalid');
      },
      (error: unknown) => {
        if (cancelled) return;
        // A malformed id or token answers 422: that link is just as invalid.
        setState(isApiError(error) && isUnavailableStatus(error.status) ? 'unavailable' : 'invalid');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, token]);

  const toLogin = () => void navigate({ href: '/login', replace: true });

  return (
    <AuthCard title={t('account.reset.title')}>
      {state === 'validating' && <LinkChecking text={t('account.reset.validating')} />}
      {state === 'valid' && userId && <ResetForm userId={userId} token={token} email={email} />}
      {(state === 'invalid' || state === 'unavailable') && (
        <LinkProblem severity={state === 'invalid' ? 'warning' : 'error'} onOk={toLogin}>
          {t(state === 'invalid' ? 'account.reset.invalidLink' : 'login.error.api_unavailable')}
        </LinkProblem>
      )}
    </AuthCard>
  );
}
