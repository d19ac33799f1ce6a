import {
  DPO_PLAN_VARIANT,
  type OrderPreview,
  type PaymentBearerInput,
  type SignupForm,
  signupFormSchema,
  TRIAL_PLAN_VARIANT,
  toSignupPayload,
} from '@pc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { useConfig } from '../../lib/config';
import { errorText } from '../../lib/messages';
import { useZodForm } from '../../lib/use-zod-form';
import { previewSignup, signup } from './api';

/** The route names the plan: /signup is the trial, /signup/dpo the DPO plan. */
export type SignupMode = 'trial' | 'dpo';
export type SignupStep = 'form' | 'preview' | 'payment' | 'done';

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

/** Pre-filled test data outside Production only. */
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

const emptyForm: SignupForm = {
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
  // Unticked at first; the schema wants them ticked before the form may go on.
  hasConfirmedTermsOfUse: false as unknown as true,
  hasConfirmedPrivacyAgreement: false as unknown as true,
  hasConfirmedMarketingAgreement: false,
  hasConfirmedPromotionalCommunication: false,
};

/** Server paths of the sign-up payload onto the form's fields (the coupon is the promo code). */
function signupFieldOf(path: string): keyof SignupForm | undefined {
  if (path === 'cart.couponCode') return 'promoCode';
  if (path.startsWith('customer.')) return (path.split('.').at(-1) ?? '') as keyof SignupForm;
  return undefined;
}

/**
 * The sign-up's state and its moves: the form, whose submit asks for the order preview; the
 * preview; (DPO) the payment data; then the order, after which the flow is done. A failure no
 * field takes is said above the step's buttons.
 */
export function useSignup(mode: SignupMode) {
  const { t, i18n } = useTranslation();
  const { environment } = useConfig();
  const planVariantId = mode === 'dpo' ? DPO_PLAN_VARIANT : TRIAL_PLAN_VARIANT;
  const locale = i18n.language === 'en' ? 'en' : 'de';
  const [step, setStep] = useState<SignupStep>('form');
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const form = useZodForm<SignupForm>(signupFormSchema, {
    mode: 'onTouched',
    disableUntilValid: true,
    defaultValues: { ...emptyForm, ...(environment === 'Production' ? {} : testData()) },
    fieldOf: signupFieldOf,
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

  return {
    mode,
    locale,
    form,
    step,
    preview,
    failure,
    busy,
    missing: missingFields(form.watch(), t),
    goTo: setStep,
    order,
  };
}

export type Signup = ReturnType<typeof useSignup>;
