import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderPreview } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';
import type { Signup } from './use-signup';

/** The order preview: back to the form, on to the payment data, or (trial) order at once. */
export function PreviewStep({ signup, preview }: { signup: Signup; preview: OrderPreview }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        {t('billing.preview.title')}
      </Typography>
      <OrderSummary preview={preview} />
      {signup.failure && <Alert severity="error">{signup.failure}</Alert>}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={() => signup.goTo('form')} disabled={signup.busy}>
          {t('common.back')}
        </Button>
        {preview.planVariant.requiresPayment ? (
          <Button variant="contained" onClick={() => signup.goTo('payment')}>
            {t('billing.signup.toPayment')}
          </Button>
        ) : (
          <Button variant="contained" loading={signup.busy} onClick={() => void signup.order(null)}>
            {t('billing.signup.orderTrial')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The payment data of a paid plan; its submit places the order. */
export function PaymentStep({ signup }: { signup: Signup }) {
  const { t } = useTranslation();
  const v = signup.form.getValues();
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        {t('billing.payment.title')}
      </Typography>
      {signup.failure && <Alert severity="error">{signup.failure}</Alert>}
      <PaymentForm
        holder={`${v.firstName} ${v.lastName}`.trim()}
        submitLabel={t('billing.signup.orderPaid')}
        onBack={() => signup.goTo('preview')}
        onSubmit={(bearer) => signup.order(bearer)}
      />
    </Stack>
  );
}

/** The order is placed: where the mail went, and back to the login. */
export function DoneStep({ signup }: { signup: Signup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }} data-testid="order-created">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <CheckCircle color="success" aria-hidden />
        <Typography variant="h6" component="h2">
          {t('billing.signup.orderCreated.title')}
        </Typography>
      </Stack>
      <Typography>{t('billing.signup.orderCreated.text', { email: signup.form.getValues('emailAddress') })}</Typography>
      <Button variant="contained" onClick={() => void navigate({ href: '/login', replace: true })}>
        {t('common.close')}
      </Button>
    </Stack>
  );
}
