import EventBusy from '@mui/icons-material/EventBusy';
import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContractDetails } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { logout } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';
import { useContract } from './api';
import { Facts, StatusChip } from './contract-parts';
import { formatEuro } from './format';

/** The account holder, or the operator (Platform.Manage): who sees the contract (issue 14 §4). */
export function useIsAccountHolder() {
  return useSession((s) => !!s.me && (s.me.hasAccount || s.me.claims.includes('Platform.Manage')));
}

/**
 * Spec 000 §8: HTTP 412 AccountExpired locks the app here. An ended contract leads the account
 * holder to /account/upgrade; everyone else is told to contact the account holder.
 */
function AccountExpired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const holder = useIsAccountHolder();
  const contract = useContract(holder);
  const ended = holder && contract.data?.contract.lifecycleStatus === 'Ended';
  const endDate = contract.data?.contract.endDate;

  const signOut = async () => {
    setBusy(true);
    await logout();
    queryClient.clear();
    await navigate({ href: '/login', replace: true });
  };

  const text = ended
    ? t('billing.expired.holderText', { date: formatDate(endDate) })
    : holder && contract.isPending
      ? null
      : holder
        ? t('account.expired.text')
        : t('billing.expired.memberText');
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.account')} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Box
                sx={{
                  flexShrink: 0,
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(178, 106, 0, 0.10)',
                  color: 'warning.main',
                }}
              >
                <EventBusy aria-hidden />
              </Box>
              <Box sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                  {ended ? t('billing.expired.title') : t('account.expired.title')}
                </Typography>
                {text === null ? <Skeleton width="80%" /> : <Typography color="text.secondary">{text}</Typography>}
              </Box>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant={ended ? 'outlined' : 'contained'}
                startIcon={<Logout />}
                onClick={() => void signOut()}
                loading={busy}
              >
                {t('identity.logout')}
              </Button>
              {ended && (
                <ButtonLink to="/account/upgrade" variant="contained">
                  {t('billing.subscribe')}
                </ButtonLink>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ContractView({ details }: { details: ContractDetails }) {
  const { t, i18n } = useTranslation();
  const { contract: c, customer: u, currentPlan: plan } = details;
  const euro = (v: number) => formatEuro(v, i18n.language);
  const bearer = c.paymentBearer;
  const address = [
    [u.address.street, u.address.houseNumber].filter(Boolean).join(' ') || u.address.addressLine1,
    [u.address.postalCode, u.address.city].filter(Boolean).join(' '),
    u.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  const canSubscribe = c.lifecycleStatus === 'InTrial' || c.lifecycleStatus === 'Ended';
  const canCancel = c.lifecycleStatus === 'Active' && !c.endDate;
  return (
    <Stack spacing={2}>
      <Section title={t('billing.account.contract')}>
        <Facts
          rows={[
            [t('billing.account.status'), <StatusChip key="s" status={c.lifecycleStatus} />],
            [t('billing.account.plan'), `${plan.name} (${t('billing.account.perMonth', { price: euro(plan.monthlyGross) })})`],
            [t('billing.account.startDate'), formatDate(c.startDate)],
            [t('billing.account.endDate'), formatDate(c.endDate)],
            [t('billing.account.nextBillingDate'), formatDate(c.nextBillingDate)],
            [t('billing.account.noticePeriod'), t('billing.account.days', { count: c.noticePeriodDays })],
            [t('billing.account.balance'), euro(c.currentBalance)],
          ]}
        />
        {(canSubscribe || canCancel) && (
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            {canCancel && (
              <ButtonLink to="/cancel" variant="outlined" color="error">
                {t('section.cancel')}
              </ButtonLink>
            )}
            {canSubscribe && (
              <ButtonLink to="/account/upgrade" variant="contained">
                {t('billing.subscribe')}
              </ButtonLink>
            )}
          </Stack>
        )}
      </Section>
      <Section title={t('billing.account.customer')}>
        <Facts
          rows={[
            [t('billing.field.companyName'), u.companyName],
            [t('billing.account.name'), `${u.firstName} ${u.lastName}`],
            [t('billing.field.emailAddress'), u.emailAddress],
            [t('billing.field.phoneNumber'), u.phoneNumber],
            [t('billing.field.vatId'), u.vatId],
            [t('billing.account.address'), address],
          ]}
        />
      </Section>
      <Section title={t('billing.account.payment')}>
        {bearer ? (
          <Facts
            rows={[
              [
                t('billing.payment.type'),
                bearer.type === 'CreditCard'
                  ? `${t('billing.payment.card')} (${bearer.cardType ?? ''})`
                  : t('billing.payment.sepa'),
              ],
              [t('billing.payment.holder'), bearer.holder],
              bearer.type === 'CreditCard'
                ? [t('billing.payment.cardNumber'), bearer.maskedCardPan]
                : [t('billing.payment.iban'), bearer.iban],
              ...(bearer.type === 'CreditCard'
                ? [
                    [t('billing.payment.expiry'), `${String(bearer.expiryMonth).padStart(2, '0')}/${bearer.expiryYear}`] as [
                      string,
                      string,
                    ],
                  ]
                : []),
            ]}
          />
        ) : (
          <Typography color="text.secondary">{t('billing.account.noPayment')}</Typography>
        )}
      </Section>
    </Stack>
  );
}

/** /account: the contract, customer and payment bearer (masked); the expiry notice when locked for it. */
export function AccountPage() {
  const { t } = useTranslation();
  const expired = useSession((s) => s.lock === 'AccountExpired' || s.me?.lockReason === 'AccountExpired');
  const contract = useContract(!expired);
  if (expired) return <AccountExpired />;
  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('section.account')} />
      {contract.isPending ? (
        <Skeleton variant="rectangular" height={320} />
      ) : contract.isError ? (
        <Alert severity={isNoContract(contract.error) ? 'info' : 'error'}>
          {isNoContract(contract.error) ? t('account.error.noContract') : errorText(t, contract.error)}
        </Alert>
      ) : (
        <ContractView details={contract.data} />
      )}
    </Box>
  );
}

const isNoContract = (e: unknown) => (e as { details?: string } | null)?.details === 'noContract';
