import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DPO_PLAN_VARIANT,
  type LegalDocumentType,
  type OrderPreview,
  type PaymentBearerInput,
  type SignupForm,
  signupFormSchema,
  TRIAL_PLAN_VARIANT,
  toSignupPayload,
} from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { CenteredLayout } from '../../components/centered-layout';
import { ProductLogo } from '../../components/product-logo';
import { isApiError } from '../../lib/api/api-error';
import { useConfig } from '../../lib/config';
import { errorText, messageText } from '../../lib/messages';
import { useZodForm } from '../../lib/use-zod-form';
import { previewSignup, signup } from './api';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';

const LegalDialog = lazy(() => import('../../components/legal-dialog').then((m) => ({ default: m.LegalDialog })));

type Mode = 'trial' | 'dpo';
type Step = 'form' | 'preview' | 'payment' | 'done';

/** The countries the billing address offers, DE first (default country DE). */
const countries = ['DE', 'AT', 'CH', 'LI', 'LU', 'BE', 'NL', 'FR', 'IT', 'ES', 'PL', 'CZ', 'DK'];

/** Pre-filled test data outside Production only. */
const missingLabel: Partial<Record<keyof SignupForm, string>> = {
  hasConfirmedTermsOfUse: 'legal.terms-of-use',
  hasConfirmedPrivacyAgreement: 'legal.privacy-statement',
};

/** The fields the form still lacks before it may go on, named as their labels, in form order. */
function missingFields(values: SignupForm, t: (key: string) => string): string[] {
  const result = signupFormSchema.safeParse(values);
  if (result.success) return [];
  const names = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? '')))].filter(Boolean);
  return names.map((name) => t(missingLabel[name as keyof SignupForm] ?? `billing.field.${name}`));
}

function testData(): Partial<SignupForm> {
  const stamp = Date.now().toString(36);
  return {
    companyName: 'Musterfirma GmbH',
    firstName: 'Max',
    lastName: 'Mustermann',
    emailAddress: `test-${stamp}@example.com`,
    emailAddressRepeat: `test-${stamp}@example.com`,
    phoneNumber: '+49 30 1234567',
    street: 'Musterstraße',
    houseNumber: '1',
    postalCode: '10115',
    city: 'Berlin',
  };
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { productName } = useConfig();
  return (
    <CenteredLayout>
      <Card sx={{ width: '100%', maxWidth: 760, borderRadius: 4, boxShadow: '0 12px 40px rgba(13, 40, 60, 0.10)' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
            <ProductLogo size={44} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {productName}
              </Typography>
              <Typography
                variant="h5"
                component="h1"
                color="primary.dark"
                sx={{ lineHeight: 1.25, hyphens: 'auto', overflowWrap: 'anywhere', fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
              >
                {title}
              </Typography>
            </Box>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}

/**
 * Sign-up: form, busy, order preview, (DPO) payment data, then the
 * orderCreated page. The plan variant comes from the route: /signup is the trial, /signup/dpo the DPO plan.
 */
function SignupFlow({ mode }: { mode: Mode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { environment, productName } = useConfig();
  const planVariantId = mode === 'dpo' ? DPO_PLAN_VARIANT : TRIAL_PLAN_VARIANT;
  const locale = i18n.language === 'en' ? 'en' : 'de';
  const [step, setStep] = useState<Step>('form');
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [legal, setLegal] = useState<LegalDocumentType | null>(null);

  const form = useZodForm<SignupForm>(signupFormSchema, {
    mode: 'onTouched',
    disableUntilValid: true,
    defaultValues: {
      companyName: '',
      firstName: '',
      lastName: '',
      emailAddress: '',
      emailAddressRepeat: '',
      phoneNumber: '',
      vatId: '',
      promoCode: '',
      street: '',
      houseNumber: '',
      postalCode: '',
      city: '',
      country: 'DE',
      hasConfirmedTermsOfUse: false as unknown as true,
      hasConfirmedPrivacyAgreement: false as unknown as true,
      hasConfirmedMarketingAgreement: false,
      hasConfirmedPromotionalCommunication: false,
      ...(environment === 'Production' ? {} : testData()),
    },
    fieldOf: (path) => {
      const key = path.split('.').at(-1) ?? '';
      if (path === 'cart.couponCode') return 'promoCode';
      if (path.startsWith('customer.address.')) return key as keyof SignupForm;
      if (path.startsWith('customer.')) return key as keyof SignupForm;
      return undefined;
    },
    onFailure: (error, onFields) => {
      if (!onFields) setFailure(errorText(t, error));
    },
    onSubmit: async (values) => {
      setFailure(null);
      const parsed = signupFormSchema.parse(values);
      const result = await previewSignup(toSignupPayload(parsed, planVariantId, locale));
      if (result.coupon?.errorCode) {
        form.setError('promoCode', { type: 'server', message: 'signup.couponInvalid' }, { shouldFocus: true });
        return;
      }
      setPreview(result);
      setStep('preview');
    },
  });
  const { register } = form;
  const { errors } = form.formState;
  const missingId = useId();
  const missing = missingFields(form.watch(), t);
  const err = (name: keyof SignupForm) => ({
    error: !!errors[name],
    helperText: messageText(t, errors[name]?.message as string | undefined),
  });

  const order = async (paymentBearer: PaymentBearerInput | null) => {
    setFailure(null);
    setBusy(true);
    try {
      const payload = toSignupPayload(signupFormSchema.parse(form.getValues()), planVariantId, locale);
      await signup({ ...payload, paymentBearer });
      setStep('done');
    } catch (error) {
      // Payment fields take their own errors (the payment form maps them); anything else shows here.
      if (paymentBearer && isApiError(error) && Object.keys(error.fields ?? {}).some((f) => f.startsWith('paymentBearer')))
        throw error;
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const confirmation = (
    name: 'hasConfirmedTermsOfUse' | 'hasConfirmedPrivacyAgreement' | 'hasConfirmedMarketingAgreement',
    doc?: LegalDocumentType,
    required = true,
  ) => (
    <FormControl error={!!errors[name]} required={required}>
      <FormControlLabel
        required={required}
        control={<Checkbox {...register(name)} />}
        label={
          <span>
            {t(`billing.signup.${name}`)}
            {doc && (
              <>
                {' '}
                (
                <Link component="button" type="button" onClick={() => setLegal(doc)} sx={{ verticalAlign: 'baseline' }}>
                  {t(`legal.${doc}`)}
                </Link>
                )
              </>
            )}
          </span>
        }
      />
      {errors[name] && <FormHelperText>{messageText(t, errors[name]?.message)}</FormHelperText>}
    </FormControl>
  );

  if (step === 'done') {
    return (
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }} data-testid="order-created">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CheckCircle color="success" aria-hidden />
          <Typography variant="h6" component="h2">
            {t('billing.signup.orderCreated.title')}
          </Typography>
        </Stack>
        <Typography>{t('billing.signup.orderCreated.text', { email: form.getValues('emailAddress') })}</Typography>
        <Button variant="contained" onClick={() => void navigate({ href: '/login', replace: true })}>
          {t('common.close')}
        </Button>
      </Stack>
    );
  }

  if (step === 'preview' && preview) {
    return (
      <Stack spacing={3}>
        <Typography variant="h6" component="h2">
          {t('billing.preview.title')}
        </Typography>
        <OrderSummary preview={preview} />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          <Button onClick={() => setStep('form')} disabled={busy}>
            {t('common.back')}
          </Button>
          {preview.planVariant.requiresPayment ? (
            <Button variant="contained" onClick={() => setStep('payment')}>
              {t('billing.signup.toPayment')}
            </Button>
          ) : (
            <Button variant="contained" loading={busy} onClick={() => void order(null)}>
              {t('billing.signup.orderTrial')}
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }

  if (step === 'payment' && preview) {
    const v = form.getValues();
    return (
      <Stack spacing={3}>
        <Typography variant="h6" component="h2">
          {t('billing.payment.title')}
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <PaymentForm
          holder={`${v.firstName} ${v.lastName}`.trim()}
          submitLabel={t('billing.signup.orderPaid')}
          onBack={() => setStep('preview')}
          onSubmit={(bearer) => order(bearer)}
        />
      </Stack>
    );
  }

  return (
    <Box component="form" onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t(`billing.signup.intro.${mode}`, { productName })}</Typography>
        <Typography variant="body2">
          {mode === 'trial' ? t('billing.signup.switchToDpo') : t('billing.signup.switchToTrial')}{' '}
          <ButtonLink to={mode === 'trial' ? '/signup/dpo' : '/signup'} variant="text" size="small">
            {mode === 'trial' ? t('billing.signup.switchToDpoLink') : t('billing.signup.switchToTrialLink')}
          </ButtonLink>
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            {...register('companyName')}
            label={t('billing.field.companyName')}
            required
            autoComplete="organization"
            sx={{ gridColumn: { sm: 'span 2' } }}
            {...err('companyName')}
          />
          <TextField
            {...register('firstName')}
            label={t('billing.field.firstName')}
            required
            autoComplete="given-name"
            {...err('firstName')}
          />
          <TextField
            {...register('lastName')}
            label={t('billing.field.lastName')}
            required
            autoComplete="family-name"
            {...err('lastName')}
          />
          <TextField
            {...register('emailAddress')}
            label={t('billing.field.emailAddress')}
            required
            type="email"
            autoComplete="email"
            {...err('emailAddress')}
          />
          <TextField
            {...register('emailAddressRepeat')}
            label={t('billing.field.emailAddressRepeat')}
            required
            type="email"
            autoComplete="email"
            {...err('emailAddressRepeat')}
          />
          <TextField
            {...register('phoneNumber')}
            label={t('billing.field.phoneNumber')}
            type="tel"
            autoComplete="tel"
            {...err('phoneNumber')}
          />
          {/* Checked as the user leaves the field: country, format and check digits. */}
          <TextField {...register('vatId')} label={t('billing.field.vatId')} {...err('vatId')} />
          <TextField {...register('street')} label={t('billing.field.street')} autoComplete="address-line1" {...err('street')} />
          <TextField {...register('houseNumber')} label={t('billing.field.houseNumber')} {...err('houseNumber')} />
          <TextField
            {...register('postalCode')}
            label={t('billing.field.postalCode')}
            autoComplete="postal-code"
            {...err('postalCode')}
          />
          <TextField {...register('city')} label={t('billing.field.city')} autoComplete="address-level2" {...err('city')} />
          <TextField select label={t('billing.field.country')} defaultValue="DE" {...register('country')} {...err('country')}>
            {countries.map((c) => (
              <MenuItem key={c} value={c}>
                {new Intl.DisplayNames([locale], { type: 'region' }).of(c) ?? c}
              </MenuItem>
            ))}
          </TextField>
          {mode === 'trial' && (
            <TextField {...register('promoCode')} label={t('billing.field.promoCode')} autoComplete="off" {...err('promoCode')} />
          )}
        </Box>
        <Stack spacing={0.5}>
          {confirmation('hasConfirmedTermsOfUse', 'terms-of-use')}
          {confirmation('hasConfirmedPrivacyAgreement', 'privacy-statement')}
          {/* A consent, not a condition of the contract: optional and unticked (decision 0039). */}
          {confirmation('hasConfirmedMarketingAgreement', undefined, false)}
          <FormControl>
            <FormControlLabel
              control={<Checkbox {...register('hasConfirmedPromotionalCommunication')} />}
              label={t('billing.signup.hasConfirmedPromotionalCommunication')}
            />
          </FormControl>
        </Stack>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <ButtonLink to="/login" variant="text">
            {t('billing.signup.toLogin')}
          </ButtonLink>
          <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
            <Button
              type="submit"
              variant="contained"
              loading={form.busy}
              disabled={!form.canSubmit}
              aria-describedby={missing.length > 0 ? missingId : undefined}
            >
              {t('billing.signup.toPreview')}
            </Button>
            {/* A disabled button says why: what is still missing, in the form's own words. */}
            {missing.length > 0 && !form.busy && (
              <FormHelperText id={missingId} sx={{ m: 0, textAlign: { sm: 'right' }, maxWidth: 420 }}>
                {t('billing.signup.missing', { fields: missing.join(', ') })}
              </FormHelperText>
            )}
          </Stack>
        </Stack>
      </Stack>
      {legal && (
        <Suspense fallback={null}>
          <LegalDialog document={legal} open onClose={() => setLegal(null)} />
        </Suspense>
      )}
    </Box>
  );
}

/** Without SUBSCRIPTIONS_ENABLED the server has no sign-up: say so instead of offering a form. */
function SignupOrClosed({ mode }: { mode: Mode }) {
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

export function SignupPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('section.signup')}>
      <SignupOrClosed mode="trial" />
    </Frame>
  );
}

export function SignupDpoPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('section.signup-dpo')}>
      <SignupOrClosed mode="dpo" />
    </Frame>
  );
}
