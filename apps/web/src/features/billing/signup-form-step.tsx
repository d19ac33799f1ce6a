import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LegalDocumentType, SignupForm } from '@pc/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { useConfig } from '../../lib/config';
import { messageText } from '../../lib/messages';
import type { Signup } from './use-signup';

const LegalDialog = lazy(() => import('../../components/legal-dialog').then((m) => ({ default: m.LegalDialog })));

/** The countries the billing address offers, DE first (default country DE). */
const countries = ['DE', 'AT', 'CH', 'LI', 'LU', 'BE', 'NL', 'FR', 'IT', 'ES', 'PL', 'CZ', 'DK'];

interface TextFieldRow {
  name: keyof SignupForm;
  required?: boolean;
  type?: 'email' | 'tel';
  autoComplete?: string;
  wide?: boolean;
}

/** The text fields before the country, in form order; the VAT ID is checked as the user leaves it. */
const textFields: TextFieldRow[] = [
  { name: 'companyName', required: true, autoComplete: 'organization', wide: true },
  { name: 'firstName', required: true, autoComplete: 'given-name' },
  { name: 'lastName', required: true, autoComplete: 'family-name' },
  { name: 'emailAddress', required: true, type: 'email', autoComplete: 'email' },
  { name: 'emailAddressRepeat', required: true, type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel' },
  { name: 'vatId' },
  { name: 'street', autoComplete: 'address-line1' },
  { name: 'houseNumber' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'city', autoComplete: 'address-level2' },
];

type Confirmation = 'hasConfirmedTermsOfUse' | 'hasConfirmedPrivacyAgreement' | 'hasConfirmedMarketingAgreement';

/** Company, person, address and the confirmations; its submit asks for the order preview. */
export function SignupFormStep({ signup }: { signup: Signup }) {
  const { t } = useTranslation();
  const { productName } = useConfig();
  const { form, mode, locale, missing, failure } = signup;
  const { register } = form;
  const { errors } = form.formState;
  const missingId = useId();
  const [legal, setLegal] = useState<LegalDocumentType | null>(null);
  const err = (name: keyof SignupForm) => ({
    error: !!errors[name],
    helperText: messageText(t, errors[name]?.message as string | undefined),
  });

  const confirmation = (name: Confirmation, doc?: LegalDocumentType, required = true) => (
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
          {textFields.map(({ name, required, type, autoComplete, wide }) => (
            <TextField
              key={name}
              {...register(name)}
              label={t(`billing.field.${name}`)}
              required={required}
              type={type}
              autoComplete={autoComplete}
              sx={wide ? { gridColumn: { sm: 'span 2' } } : undefined}
              {...err(name)}
            />
          ))}
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
          {/* A consent, not a condition of the contract: optional and unticked. */}
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
