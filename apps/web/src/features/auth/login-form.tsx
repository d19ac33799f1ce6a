import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { FilledTextField } from '../../components/filled-text-field';
import { PasswordField } from '../../components/form/password-field';
import { postLoginTarget } from '../../lib/routing/post-login-target';
import { keepLoginLanguage } from '../../lib/session/change-language';
import { restoreSession, startSession } from '../../lib/session/session-actions';
import { sessionStore, setSessionHint } from '../../lib/session/session-store';
import { discoverSso, passwordLogin } from './api';
import { mfaHref } from './finish-login';
import { loginErrorKey } from './login-error';

interface LoginFormProps {
  subscriptionsEnabled: boolean;
  onForgotPassword: () => void;
}

/** Username and password, both required; any failure is shown on the password field. */
export function LoginForm({ subscriptionsEnabled, onForgotPassword }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const search: Record<string, unknown> = useSearch({ strict: false });
  // A page that just set a password sends its address along (?email=): only the password is left.
  const [values, setValues] = useState(() => ({
    username: typeof search.email === 'string' ? search.email.slice(0, 254) : '',
    password: '',
  }));
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // The address decides the way in: a domain with single sign-on offers its provider.
  const [ssoUrl, setSsoUrl] = useState<string | null>(null);
  const [ssoError, setSsoError] = useState<string | null>(null);
  const email = values.username.trim();
  useEffect(() => {
    setSsoUrl(null);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return;
    let live = true;
    const timer = setTimeout(() => {
      discoverSso(email)
        .then((r) => live && setSsoUrl(r.sso && r.url ? r.url : null))
        .catch(() => {});
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email]);

  // Back from the provider: the server set the refresh cookie (done, mfa) or refused.
  const ssoOutcome = typeof search.sso === 'string' ? search.sso : null;
  useEffect(() => {
    if (ssoOutcome === 'refused' || ssoOutcome === 'unavailable') {
      setSsoError(`login.sso.${ssoOutcome}`);
      return;
    }
    if (ssoOutcome !== 'done' && ssoOutcome !== 'mfa') return;
    setSessionHint();
    void restoreSession()
      .then(async () => {
        if (sessionStore.getState().status === 'mfa') return navigate({ href: mfaHref(search.redirect), replace: true });
        await keepLoginLanguage(i18n.language);
        return navigate({ href: postLoginTarget(search.redirect), replace: true });
      })
      .catch(() => setSsoError('login.sso.refused'));
  }, [ssoOutcome, navigate, search.redirect, i18n.language]);

  // Two required fields need no schema library: react-hook-form and zod would add ~40 kB gzip to
  // the login screen (docs/decisions/0027). Same rules as before: checked on submit, then on change.
  const check = (v: typeof values) => ({
    username: v.username.trim() ? undefined : 'validation.required',
    password: v.password ? undefined : 'validation.required',
  });
  const change = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    const invalid = (['username', 'password'] as const).find((f) => found[f]);
    if (invalid) return refs[invalid].current?.focus();
    setBusy(true);
    try {
      const token = await passwordLogin(values.username.trim(), values.password);
      const next = await startSession(token);
      if (next === 'mfa') {
        // The pending token stays in the session store; /mfa sends it with the code.
        await navigate({ href: mfaHref(search.redirect) });
        return;
      }
      await keepLoginLanguage(i18n.language);
      await navigate({ href: postLoginTarget(search.redirect), replace: true });
    } catch (error) {
      setErrors({ password: `login.error.${loginErrorKey(error)}` });
      refs.password.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack spacing={2}>
        <FilledTextField
          name="username"
          value={values.username}
          onChange={change('username')}
          ref={refs.username}
          label={t('login.username')}
          autoComplete="username"
          autoFocus
          required
          error={!!errors.username}
          helperText={message(errors.username)}
          disabled={busy}
        />
        <PasswordField
          name="password"
          value={values.password}
          onChange={change('password')}
          ref={refs.password}
          label={t('login.password')}
          autoComplete="current-password"
          required
          error={!!errors.password}
          helperText={message(errors.password)}
          alertHelperText
          disabled={busy}
        />
        {ssoError && (
          <Alert severity="error" role="alert">
            {t(ssoError)}
          </Alert>
        )}
        {ssoUrl && (
          <Button href={ssoUrl} variant="contained" size="large" fullWidth disabled={busy}>
            {t('login.sso.button')}
          </Button>
        )}
        <Button type="submit" variant={ssoUrl ? 'outlined' : 'contained'} size="large" loading={busy} fullWidth>
          {t('login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: subscriptionsEnabled ? 'space-between' : 'center', gap: 1 }}>
          <Button variant="text" onClick={onForgotPassword} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
            {t('login.forgotPassword')}
          </Button>
          {subscriptionsEnabled && (
            <ButtonLink to="/signup" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
              {t('login.signUp')}
            </ButtonLink>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
