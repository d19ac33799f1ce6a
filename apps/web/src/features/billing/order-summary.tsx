import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderPreview } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { formatEuro } from './format';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={{ fontWeight: strong ? 650 : undefined, minWidth: 0 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 650 : undefined, whiteSpace: 'nowrap' }}>{value}</Typography>
    </Box>
  );
}

/** The order preview: plan, price, VAT, coupon discount and totals. */
export function OrderSummary({ preview }: { preview: OrderPreview }) {
  const { t, i18n } = useTranslation();
  const euro = (v: number) => formatEuro(v, i18n.language);
  const { planVariant: plan, coupon } = preview;
  return (
    <Stack spacing={1.25} aria-label={t('billing.preview.title')} role="group">
      <Typography variant="overline" color="text.secondary">
        {plan.planName}
      </Typography>
      {preview.lines.map((line) => (
        <Row key={line.description} label={line.description} value={euro(line.amount)} />
      ))}
      {coupon && !coupon.errorCode && (
        <Row
          label={t('billing.preview.coupon', {
            code: coupon.code,
            value: coupon.kind === 'Percentage' ? `${coupon.value} %` : euro((coupon.value ?? 0) / 100),
          })}
          value={plan.requiresPayment ? `− ${euro(preview.discount)}` : t('billing.preview.couponLater')}
        />
      )}
      <Divider />
      <Row label={t('billing.preview.net')} value={euro(preview.netTotal)} />
      <Row label={t('billing.preview.vat', { percent: preview.vatPercent })} value={euro(preview.vatTotal)} />
      <Row
        label={plan.requiresPayment ? t('billing.preview.totalMonthly') : t('billing.preview.total')}
        value={euro(preview.grossTotal)}
        strong
      />
      {!plan.requiresPayment && (
        <Typography color="text.secondary" variant="body2">
          {t('billing.preview.trialThen', { days: plan.trialDays, price: euro(preview.monthlyGross) })}
        </Typography>
      )}
    </Stack>
  );
}
