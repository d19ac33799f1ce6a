import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { ButtonLink } from '../../components/button-link';
import { useConfig } from '../../lib/config';
import { SignupFormStep } from './signup-form-step';
import { DoneStep, PaymentStep, PreviewStep } from './signup-steps';
import { type SignupMode, useSignup } from './use-signup';

/** Sign-up: form, order preview, (DPO) payment data, then the order-created page. */
function SignupFlow({ mode }: { mode: SignupMode }) {
  const signup = useSignup(mode);
  const { step, preview } = signup;
  if (step === 'done') return <DoneStep signup={signup} />;
  if (step === 'preview' && preview) return <PreviewStep signup={signup} preview={preview} />;
  if (step === 'payment' && preview) return <PaymentStep signup={signup} />;
  return <SignupFormStep signup={signup} />;
}

/** Without SUBSCRIPTIONS_ENABLED the server has no sign-up: say so instead of offering a form. */
function SignupOrClosed({ mode }: { mode: SignupMode }) {
  const { t } = useTranslation();
  const { subscriptionsEnabled } = useConfig();
  if (subscriptionsEnabled) return <SignupFlow key={mode} mode={mode} />;
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info">{t('billing.signup.closed')}</Alert>
      <ButtonLink to="/login" variant="contained">
        {t('billing.signup.toLogin')}
      </ButtonLink>
    </Stack>
  );
}

/** The sign-up card; the route names the plan. */
function SignupCard({ mode }: { mode: SignupMode }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t(mode === 'dpo' ? 'section.signup-dpo' : 'section.signup')} wide>
      <SignupOrClosed mode={mode} />
    </AuthCard>
  );
}

export const SignupPage = () => <SignupCard mode="trial" />;
export const SignupDpoPage = () => <SignupCard mode="dpo" />;
