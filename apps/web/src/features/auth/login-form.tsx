import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { type Credentials, credentialsSchema } from '@pc/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { FilledTextField } from '../../components/filled-text-field';
import { postLoginTarget } from '../../lib/routing/post-login-target';
import { keepLoginLanguage } from '../../lib/session/change-language';
import { startSession } from '../../lib/session/session-actions';
import { useZodForm } from '../../lib/use-zod-form';
import { passwordLogin } from './api';
import { mfaHref } from './finish-login';
import { loginErrorKey } from './login-error';

interface LoginFormProps {
  subscriptionsEnabled: boolean;
  onForgotPassword: () => void;
}

/** Username and password, both required; any failure is shown on the password field (spec 000 §4). */
export function LoginForm({ subscriptionsEnabled, onForgotPassword }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const [showPassword, setShowPassword] = useState(false);
  const form = useZodForm<Credentials>(credentialsSchema, {
    defaultValues: { username: '', password: '' },
    onSubmit: async ({ username, password }) => {
      const token = await passwordLogin(username, password);
      const next = await startSession(token);
      if (next === 'mfa') {
        // The pending token stays in the session store; /mfa sends it with the code.
        await navigate({ href: mfaHref(search.redirect) });
        return;
      }
      await keepLoginLanguage(i18n.language);
      await navigate({ href: postLoginTarget(search.redirect), replace: true });
    },
    onFailure: (error) => form.setError('password', { message: `login.error.${loginErrorKey(error)}` }, { shouldFocus: true }),
  });
  const { register } = form;
  const { errors } = form.formState;

  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <Stack spacing={2}>
        <FilledTextField
          {...register('username')}
          label={t('login.username')}
          autoComplete="username"
          autoFocus
          required
          error={!!errors.username}
          helperText={message(errors.username?.message)}
          disabled={form.busy}
        />
        <FilledTextField
          {...register('password')}
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          error={!!errors.password}
          helperText={message(errors.password?.message)}
          alertHelperText
          disabled={form.busy}
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
                onClick={() => setShowPassword((v) => !v)}
                edge="end"
                size="small"
              >
                {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Button type="submit" variant="contained" size="large" loading={form.busy} fullWidth>
          {t('login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: subscriptionsEnabled ? 'space-between' : 'center', gap: 1 }}>
          <Button variant="text" onClick={onForgotPassword} disabled={form.busy} sx={{ whiteSpace: 'nowrap' }}>
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
