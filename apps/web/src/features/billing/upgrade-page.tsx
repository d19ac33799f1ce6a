import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DPO_PLAN_VARIANT, lockRoutes } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { fetchMe, setMe } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';
import { upgrade, useContract, useUpgradePreview } from './api';
import { Loaded } from './loaded';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';

/** /account/upgrade: the DPO plan's price, payment data, subscribe; the trial becomes Active. */
export function UpgradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.me);
  const contract = useContract();
  const status = contract.data?.contract.lifecycleStatus;
  const open = status === 'InTrial' || status === 'Ended';
  const preview = useUpgradePreview(DPO_PLAN_VARIANT, open);

  const paidFrom = preview.data?.paidFrom ?? null;
  const later = !!paidFrom && status === 'InTrial';

  const subscribe = async (bearer: Parameters<typeof upgrade>[1]) => {
    const details = await upgrade(DPO_PLAN_VARIANT, bearer);
    const from = details.customer.plan.startDate;
    // An ended contract locked the account: the fresh `me` lifts the lock.
    const fresh = await fetchMe();
    setMe(fresh);
    // The contract and its statement (a subscription may have charged the first month).
    await queryClient.invalidateQueries({ queryKey: ['account'] });
    notify(later ? t('billing.upgrade.successFrom', { date: formatDate(from) }) : t('billing.upgrade.success'), 'success');
    await navigate({ href: fresh.lockReason ? lockRoutes[fresh.lockReason] : '/account', replace: true });
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.account-upgrade')} />
      {contract.isPending ? (
        <Skeleton variant="rectangular" height={320} />
      ) : contract.isError ? (
        <Alert severity="error">{errorText(t, contract.error)}</Alert>
      ) : !open ? (
        <Alert severity="info">{t('billing.upgrade.alreadySubscribed')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Card component="section" aria-label={t('billing.preview.title')}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('billing.upgrade.planTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('billing.upgrade.text')}
              </Typography>
              {/* Said before the click: whether the trial runs on free or the paid plan starts today. */}
              {paidFrom && (
                <Alert severity="info" sx={{ mb: 2 }} data-testid="upgrade-paid-from">
                  {later ? t('billing.upgrade.paidFromTrial', { date: formatDate(paidFrom) }) : t('billing.upgrade.paidNow')}
                </Alert>
              )}
              <Loaded query={preview} height={160}>
                {(data) => <OrderSummary preview={data} />}
              </Loaded>
            </CardContent>
          </Card>
          <Card component="section" aria-label={t('billing.payment.title')}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('billing.payment.title')}
              </Typography>
              <PaymentForm
                holder={me ? `${me.firstname} ${me.lastname}`.trim() : ''}
                submitLabel={t('billing.subscribe')}
                onSubmit={subscribe}
              />
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
