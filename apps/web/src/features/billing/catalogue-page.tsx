import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CouponForm, couponFormSchema, toCouponInput } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { addCoupon, catalogueKey, useCatalogue } from './api';
import { formatEuro } from './format';

function CouponDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<CouponForm>(couponFormSchema, {
    defaultValues: { code: '', kind: 'Percentage', value: '', validFrom: '', validUntil: '', maxUses: '' },
    onSubmit: async (values) => {
      queryClient.setQueryData(catalogueKey, await addCoupon(toCouponInput(values)));
      notify(t('billing.catalogue.couponAdded'), 'success');
      onClose();
    },
  });
  const { register } = form;
  const { errors } = form.formState;
  const err = (name: keyof CouponForm) => ({ error: !!errors[name], helperText: messageText(t, errors[name]?.message) });
  const kind = form.watch('kind');
  return (
    <DialogFrame
      open
      title={t('billing.catalogue.addCoupon')}
      onClose={onClose}
      form={form}
      submitLabel={t('common.save')}
      width={520}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...register('code')} label={t('billing.catalogue.code')} required autoFocus {...err('code')} />
        <TextField select label={t('billing.catalogue.kind')} defaultValue="Percentage" {...register('kind')}>
          <MenuItem value="Percentage">{t('billing.catalogue.percentage')}</MenuItem>
          <MenuItem value="Amount">{t('billing.catalogue.amount')}</MenuItem>
        </TextField>
        <TextField
          {...register('value')}
          label={kind === 'Amount' ? t('billing.catalogue.valueEuro') : t('billing.catalogue.valuePercent')}
          required
          inputMode="decimal"
          {...err('value')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...register('validFrom')}
            type="date"
            label={t('billing.catalogue.validFrom')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            {...err('validFrom')}
          />
          <TextField
            {...register('validUntil')}
            type="date"
            label={t('billing.catalogue.validUntil')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            {...err('validUntil')}
          />
        </Stack>
        <TextField {...register('maxUses')} label={t('billing.catalogue.maxUses')} inputMode="numeric" {...err('maxUses')} />
      </Stack>
    </DialogFrame>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        <TableContainer>{children}</TableContainer>
      </CardContent>
    </Card>
  );
}

/** /administration/billing: the installation's plan variants and coupons (Platform.Manage). */
export function CataloguePage() {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  const [adding, setAdding] = useState(false);
  const euro = (v: number) => formatEuro(v, i18n.language);
  return (
    <>
      <PageHeader title={t('section.billing-admin')} />
      {catalogue.isPending ? (
        <Skeleton variant="rectangular" height={320} />
      ) : catalogue.isError ? (
        <Alert severity="error">{errorText(t, catalogue.error)}</Alert>
      ) : (
        <Stack spacing={2}>
          <Section title={t('billing.catalogue.plans')}>
            <Table size="small" sx={{ minWidth: 640, '& td, & th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('billing.catalogue.variant')}</TableCell>
                  <TableCell>{t('billing.account.plan')}</TableCell>
                  <TableCell align="right">{t('billing.catalogue.monthlyNet')}</TableCell>
                  <TableCell align="right">{t('billing.catalogue.vat')}</TableCell>
                  <TableCell align="right">{t('billing.catalogue.trialDays')}</TableCell>
                  <TableCell align="right">{t('billing.account.noticePeriod')}</TableCell>
                  <TableCell align="right">{t('billing.catalogue.contracts')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {catalogue.data.planVariants.map((v) => (
                  <TableRow key={v.id}>
                    <TableCell>
                      {v.name}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {v.id}
                      </Typography>
                    </TableCell>
                    <TableCell>{v.planName}</TableCell>
                    <TableCell align="right">{euro(v.monthlyNet)}</TableCell>
                    <TableCell align="right">{v.vatPercent} %</TableCell>
                    <TableCell align="right">{v.trialDays}</TableCell>
                    <TableCell align="right">{t('billing.account.days', { count: v.noticePeriodDays })}</TableCell>
                    <TableCell align="right">{v.contracts}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
          <Section
            title={t('billing.catalogue.coupons')}
            action={
              <Button variant="outlined" startIcon={<Add />} onClick={() => setAdding(true)}>
                {t('billing.catalogue.addCoupon')}
              </Button>
            }
          >
            <Table size="small" sx={{ minWidth: 640, '& td, & th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('billing.catalogue.code')}</TableCell>
                  <TableCell align="right">{t('billing.catalogue.discount')}</TableCell>
                  <TableCell>{t('billing.catalogue.validFrom')}</TableCell>
                  <TableCell>{t('billing.catalogue.validUntil')}</TableCell>
                  <TableCell align="right">{t('billing.catalogue.uses')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {catalogue.data.coupons.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{c.code}</TableCell>
                    <TableCell align="right">{c.kind === 'Percentage' ? `${c.value} %` : euro(c.value / 100)}</TableCell>
                    <TableCell>{formatDate(c.validFrom) || '—'}</TableCell>
                    <TableCell>{formatDate(c.validUntil) || '—'}</TableCell>
                    <TableCell align="right">{c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
        </Stack>
      )}
      {adding && <CouponDialog onClose={() => setAdding(false)} />}
    </>
  );
}
