import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  cardTypeOf,
  type PaymentBearerInput,
  type PaymentForm as PaymentFormValues,
  paymentFormSchema,
  toPaymentBearer,
} from '@pc/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field';
import { useConfig } from '../../lib/config';
import { errorText, messageText } from '../../lib/messages';
import { useZodForm } from '../../lib/use-zod-form';
import { paymentFieldOf } from './format';

interface PaymentFormProps {
  holder: string;
  submitLabel: string;
  onBack?: () => void;
  /** Receives the payment bearer as the API takes it; a 422 lands on the fields. */
  onSubmit: (bearer: PaymentBearerInput) => Promise<unknown>;
}

/**
 * Payment data: a card, checked by network pattern and Luhn, or a
 * SEPA direct-debit mandate with the IBAN entered twice (equality validator) and mod-97 checked.
 */
export function PaymentForm({ holder, submitLabel, onBack, onSubmit }: PaymentFormProps) {
  const { t } = useTranslation();
  const { sepaCreditor } = useConfig();
  const typeLabel = useId();
  const mandateTitle = useId();
  const form = useZodForm<PaymentFormValues>(paymentFormSchema, {
    mode: 'onTouched',
    defaultValues: {
      type: 'CreditCard',
      holder,
      cardNumber: '',
      cvc: '',
      expiry: '',
      iban: '',
      ibanRepeat: '',
      hasAgreedToSepaTerms: false,
    },
    fieldOf: paymentFieldOf,
    onSubmit: (values) => onSubmit(toPaymentBearer(values) as PaymentBearerInput),
  });
  const { register, control } = form;
  const { errors } = form.formState;
  const type = form.watch('type');
  const cardNumber = form.watch('cardNumber') ?? '';
  const network = cardTypeOf(cardNumber);
  const fieldProps = { form, messageOf: (key?: string) => messageText(t, key) };

  return (
    <Box component="form" onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <Stack spacing={2.5}>
        <FormControl>
          <FormLabel id={typeLabel}>{t('billing.payment.type')}</FormLabel>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <RadioGroup row aria-labelledby={typeLabel} {...field}>
                <FormControlLabel value="CreditCard" control={<Radio />} label={t('billing.payment.card')} />
                <FormControlLabel value="Debit" control={<Radio />} label={t('billing.payment.sepa')} />
              </RadioGroup>
            )}
          />
        </FormControl>
        <FormTextField {...fieldProps} name="holder" label={t('billing.payment.holder')} required autoComplete="cc-name" />
        {type === 'CreditCard' ? (
          <>
            <FormTextField
              {...fieldProps}
              name="cardNumber"
              label={t('billing.payment.cardNumber')}
              required
              inputMode="numeric"
              autoComplete="cc-number"
              hint={network ? t('billing.payment.network', { network }) : ' '}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <FormTextField
                {...fieldProps}
                name="expiry"
                label={t('billing.payment.expiry')}
                required
                placeholder={t('billing.payment.expiryPlaceholder')}
                autoComplete="cc-exp"
              />
              <FormTextField
                {...fieldProps}
                name="cvc"
                label={t('billing.payment.cvc')}
                required
                inputMode="numeric"
                autoComplete="cc-csc"
              />
            </Box>
            <Alert severity="info" variant="outlined">
              {t('billing.payment.cardNote')}
            </Alert>
          </>
        ) : (
          <>
            <FormTextField {...fieldProps} name="iban" label={t('billing.payment.iban')} required autoComplete="off" />
            <FormTextField
              {...fieldProps}
              name="ibanRepeat"
              label={t('billing.payment.ibanRepeat')}
              required
              autoComplete="off"
            />
            <Box
              component="section"
              aria-labelledby={mandateTitle}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'action.hover' }}
            >
              <Typography id={mandateTitle} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('billing.payment.sepaMandateTitle')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('billing.payment.sepaMandateText', {
                  creditor: sepaCreditor?.name ?? '',
                  creditorId: sepaCreditor?.id ?? '–',
                })}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('billing.payment.sepaRefund')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('billing.payment.sepaReference')}
              </Typography>
            </Box>
            <FormControl error={!!errors.hasAgreedToSepaTerms} required>
              <FormControlLabel
                control={<Checkbox {...register('hasAgreedToSepaTerms')} />}
                label={t('billing.payment.sepaMandate')}
              />
              {errors.hasAgreedToSepaTerms && (
                <FormHelperText>{messageText(t, errors.hasAgreedToSepaTerms.message)}</FormHelperText>
              )}
            </FormControl>
          </>
        )}
        {form.failure ? <Alert severity="error">{errorText(t, form.failure)}</Alert> : null}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          {onBack && (
            <Button onClick={onBack} disabled={form.busy}>
              {t('common.back')}
            </Button>
          )}
          <Button type="submit" variant="contained" loading={form.busy}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
