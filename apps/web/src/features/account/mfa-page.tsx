import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mfaVerifySchema } from '@pc/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { FilledTextField } from '../../components/filled-text-field';
import { FormCheckbox } from '../../components/form/form-checkbox';
import { isApiError } from '../../lib/api/api-error';
import { mfaErrorKey } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { postLoginTarget } from '../../lib/routing/post-login-target';
import { keepLoginLanguage } from '../../lib/session/change-language';
import { logout, startSession } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';
import { verifySecondFactor } from './api';

/** After a failed code the form stays busy for one second. */
export const MFA_RETRY_DELAY_MS = 1000;

function MfaForm({ redirect }: { redirect: unknown }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(mfaVerifySchema), defaultValues: { code: '', isRecoveryCode: false } });
  const recovery = watch('isRecoveryCode');

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const token = await verifySecondFactor({ code: values.code, isRecoveryCode: values.isRecoveryCode ?? false });
      // A fresh full session replaces the pending one.
      await startSession(token);
      await keepLoginLanguage(i18n.language);
      await navigate({ href: postLoginTarget(redirect), replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // The pending login is over (expired, or ended after too many wrong codes): start again.
        notify(t('account.mfa.sessionEnded'), 'warning');
        await logout();
        await navigate({ href: '/login', replace: true });
        return;
      }
      resetField('code', { keepError: false });
      setError('code', { message: mfaErrorKey(error) });
      timer.current = setTimeout(() => {
        setBusy(false);
        // The field was disabled while busy; give the focus back once it can take it.
        setTimeout(() => setFocus('code'), 0);
      }, MFA_RETRY_DELAY_MS);
    }
  });

  const cancel = async () => {
    await logout();
    await navigate({ href: '/login', replace: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t(recovery ? 'account.mfa.recoveryText' : 'account.mfa.text')}</Typography>
        <FilledTextField
          {...register('code')}
          label={t(recovery ? 'account.mfa.recoveryCode' : 'account.mfa.code')}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputProps={recovery ? { spellCheck: false } : { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' }}
          autoFocus
          required
          error={!!errors.code}
          helperText={errors.code?.message ? t(errors.code.message) : undefined}
          alertHelperText
          disabled={busy}
          sx={{ fontSize: '1.15rem', letterSpacing: recovery ? undefined : '0.3em' }}
        />
        <FormCheckbox form={{ control }} name="isRecoveryCode" label={t('account.mfa.useRecoveryCode')} disabled={busy} />
        <Button type="submit" variant="contained" size="large" loading={busy} fullWidth>
          {t('account.mfa.submit')}
        </Button>
        <Button variant="text" onClick={() => void cancel()} disabled={busy} sx={{ alignSelf: 'center' }}>
          {t('account.mfa.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}

/** /mfa: second-factor code entry for a login that still owes it. */
export function MfaPage() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const search: Record<string, unknown> = useSearch({ strict: false });
  // Only a visit that starts logged in leaves at once; a finishing form navigates by itself.
  const [entered] = useState(status);
  const leaveTo = entered === 'authenticated' ? postLoginTarget(search.redirect) : status === 'anonymous' ? '/login' : null;
  const navigate = useNavigate();
  useEffect(() => {
    if (leaveTo) void navigate({ href: leaveTo, replace: true });
  }, [leaveTo, navigate]);
  if (leaveTo) return null;
  return (
    <AuthCard title={t('account.mfa.title')}>
      <MfaForm redirect={search.redirect} />
    </AuthCard>
  );
}
