import Download from '@mui/icons-material/Download';
import EventBusy from '@mui/icons-material/EventBusy';
import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AccountStatement, ContractDetails } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { IconTile } from '../../components/icon-tile';
import { PageHeader } from '../../components/page-header';
import { SimpleTable } from '../../components/simple-table';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';
import { useConfig } from '../../lib/config';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { logout } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/session-store';
import { useContract, useStatement } from './api';
import { Facts, StatusChip } from './contract-parts';
import { formatEuro } from './format';
import { Loaded } from './loaded';
import { SsoCard } from './sso-card';

/** The account holder, or the operator (Platform.Manage): who sees the contract. */
export function useIsAccountHolder() {
  return useSession((s) => !!s.me && (s.me.hasAccount || s.me.claims.includes('Platform.Manage')));
}

/**
 * HTTP 412 AccountExpired locks the app here. An ended contract leads the account
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
              <IconTile tone="warning" size={48}>
                <EventBusy aria-hidden />
              </IconTile>
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

/** Hidden on phones: the column that repeats what the rows already add up to. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A listing of the account: what it holds, then its table, or the line saying it is empty. */
function Listing({ intro, empty, children }: { intro: string; empty: string | false; children: ReactNode }) {
  return (
    <>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
        {intro}
      </Typography>
      {empty ? <Typography color="text.secondary">{empty}</Typography> : children}
    </>
  );
}

/** The balance line by line: what each charge, payment and credit did to it, newest first. */
function StatementView({ statement }: { statement: AccountStatement }) {
  const { t, i18n } = useTranslation();
  const euro = (v: number) => formatEuro(v, i18n.language);
  return (
    <>
      <Listing intro={t('billing.account.statementText')} empty={statement.lines.length === 0 && t('billing.account.noLines')}>
        <SimpleTable
          label={t('billing.account.statement')}
          columns={[
            { label: t('billing.account.bookedOn'), sx: wideOnly },
            t('billing.account.entry'),
            { label: t('billing.account.amount'), align: 'right' },
            { label: t('billing.account.balanceAfter'), align: 'right', sx: wideOnly },
          ]}
        >
          {statement.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDate(l.bookedOn)}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500, display: 'block' }}>
                  {t(`billing.account.kind.${l.kind}`)}
                  {/* Phones have no date column: the date goes with the entry. */}
                  <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' }, fontWeight: 400 }}>
                    {` · ${formatDate(l.bookedOn)}`}
                  </Box>
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {l.description}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {euro(l.amount)}
              </TableCell>
              <TableCell align="right" sx={{ ...wideOnly, whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {euro(l.balanceAfter)}
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      </Listing>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1.5, px: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('billing.account.currentBalance')}</Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="statement-balance">
          {euro(statement.balance)}
        </Typography>
      </Stack>
    </>
  );
}

/** The invoices of the account, each downloadable as PDF. */
function InvoiceList({ statement }: { statement: AccountStatement }) {
  const { t, i18n } = useTranslation();
  const euro = (v: number) => formatEuro(v, i18n.language);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (id: string, fileName: string) => {
    setBusy(id);
    try {
      saveFile(await apiRequest<DownloadedFile>(`/account/invoice/${id}/pdf`, { responseType: 'file' }), fileName);
    } catch (e) {
      notify(errorText(t, e), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Listing intro={t('billing.account.invoicesText')} empty={statement.invoices.length === 0 && t('billing.account.noInvoices')}>
      <SimpleTable
        label={t('billing.account.invoices')}
        columns={[
          t('billing.account.invoiceNumber'),
          { label: t('billing.account.period'), sx: wideOnly },
          { label: t('billing.account.gross'), align: 'right' },
          { label: t('billing.account.download'), align: 'right', hidden: true },
        ]}
      >
        {statement.invoices.map((i) => (
          <TableRow key={i.id}>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {i.number}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(i.issuedOn)}
              </Typography>
            </TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
              {formatDate(i.periodFrom)} – {formatDate(i.periodTo)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {euro(i.gross)}
            </TableCell>
            <TableCell align="right">
              <Button
                size="small"
                startIcon={<Download />}
                loading={busy === i.id}
                onClick={() => void download(i.id, i.fileName)}
                aria-label={t('billing.account.downloadLabel', { number: i.number })}
              >
                {t('billing.account.download')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </SimpleTable>
    </Listing>
  );
}

function ContractView({ details }: { details: ContractDetails }) {
  const { t, i18n } = useTranslation();
  const statement = useStatement();
  const { sepaCreditor } = useConfig();
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
            [t('billing.account.customerNumber'), u.id],
            [t('billing.account.externalId'), u.externalCustomerId],
            [t('billing.account.plan'), `${plan.name} (${t('billing.account.perMonth', { price: euro(plan.monthlyGross) })})`],
            [t('billing.account.quantity'), String(u.plan.quantity)],
            [t('billing.account.startDate'), formatDate(c.startDate)],
            [
              u.plan.startDate > today() ? t('billing.account.planStartFuture') : t('billing.account.planStart'),
              formatDate(u.plan.startDate),
            ],
            [
              t('billing.account.defaultPayment'),
              u.defaultBearerMedium === 'CreditCard'
                ? t('billing.payment.card')
                : u.defaultBearerMedium === 'Debit'
                  ? t('billing.payment.sepa')
                  : '',
            ],
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
              ...(bearer.type === 'Debit'
                ? ([
                    [t('billing.account.mandateReference'), bearer.mandateReference],
                    [t('billing.account.creditorId'), bearer.creditorId],
                  ] as [string, string | null][])
                : []),
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
        {bearer?.type === 'Debit' && (
          // The mandate as given: creditor and identifier, and the right to a refund.
          <Box sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('billing.payment.sepaMandateTitle')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('billing.payment.sepaMandateText', {
                creditor: sepaCreditor?.name ?? '',
                creditorId: bearer.creditorId ?? sepaCreditor?.id ?? '–',
              })}
            </Typography>
            <Typography variant="body2">{t('billing.payment.sepaRefund')}</Typography>
          </Box>
        )}
      </Section>
      <Section title={t('billing.account.statement')}>
        <Loaded query={statement} height={120}>
          {(data) => <StatementView statement={data} />}
        </Loaded>
      </Section>
      <Section title={t('billing.account.invoices')}>
        <Loaded query={statement} height={80}>
          {(data) => <InvoiceList statement={data} />}
        </Loaded>
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
      <SsoCard />
    </Box>
  );
}

/** Today as YYYY-MM-DD in the browser's time zone (the plan-start label only). */
const today = () => new Date().toLocaleDateString('sv-SE');

const isNoContract = (e: unknown) => (e as { details?: string } | null)?.details === 'noContract';
