import Add from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type BillingCatalogue,
  type CouponForm,
  couponFormSchema,
  type PlanVariantForm,
  planVariantFormSchema,
  toCouponInput,
  toPlanVariantInput,
} from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogFrame } from '../../components/dialog-frame';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form-text-field';
import { PageHeader } from '../../components/page-header';
import { SimpleTable, type TableColumn } from '../../components/simple-table';
import { formatDate } from '../../lib/format';
import { errorText, messageText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { addCoupon, catalogueKey, deactivateCoupon, deleteCoupon, updateCoupon, updatePlanVariant, useCatalogue } from './api';
import { formatEuro } from './format';
import { Loaded } from './loaded';

type Coupon = BillingCatalogue['coupons'][number];
type PlanVariant = BillingCatalogue['planVariants'][number];

/** Cents or percent as the form shows them: euro with a decimal comma for amounts. */
const couponValueText = (c: Coupon, language: string) =>
  c.kind === 'Amount'
    ? (c.value / 100).toLocaleString(language, { minimumFractionDigits: 0, maximumFractionDigits: 2 })
    : String(c.value);

/** Adds a coupon, or edits one (`coupon`); a redeemed one keeps its kind and value (the server says so too). */
function CouponDialog({ coupon, onClose }: { coupon?: Coupon; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<CouponForm>(couponFormSchema, {
    defaultValues: coupon
      ? {
          code: coupon.code,
          kind: coupon.kind,
          value: couponValueText(coupon, i18n.language),
          validFrom: coupon.validFrom ?? '',
          validUntil: coupon.validUntil ?? '',
          maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
        }
      : { code: '', kind: 'Percentage', value: '', validFrom: '', validUntil: '', maxUses: '' },
    onSubmit: async (values) => {
      const input = toCouponInput(values);
      queryClient.setQueryData(catalogueKey, await (coupon ? updateCoupon(coupon.id, input) : addCoupon(input)));
      notify(t(coupon ? 'billing.catalogue.couponSaved' : 'billing.catalogue.couponAdded'), 'success');
      onClose();
    },
  });
  const fieldProps = { form, messageOf: (key?: string) => messageText(t, key) };
  const kind = form.watch('kind');
  const kinds = [
    { value: 'Percentage', label: t('billing.catalogue.percentage') },
    { value: 'Amount', label: t('billing.catalogue.amount') },
  ];
  const locked = !!coupon && !coupon.deletable;
  return (
    <DialogFrame
      open
      title={t(coupon ? 'billing.catalogue.editCoupon' : 'billing.catalogue.addCoupon')}
      onClose={onClose}
      form={form}
      submitLabel={t('common.save')}
      width={520}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField {...fieldProps} name="code" label={t('billing.catalogue.code')} required autoFocus />
        {locked && <Alert severity="info">{t('billing.catalogue.redeemedHint')}</Alert>}
        <FormSelectField form={form} name="kind" label={t('billing.catalogue.kind')} disabled={locked} options={kinds} />
        <FormTextField
          {...fieldProps}
          name="value"
          label={kind === 'Amount' ? t('billing.catalogue.valueEuro') : t('billing.catalogue.valuePercent')}
          required
          disabled={locked}
          inputMode="decimal"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            {...fieldProps}
            name="validFrom"
            type="date"
            label={t('billing.catalogue.validFrom')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <FormTextField
            {...fieldProps}
            name="validUntil"
            type="date"
            label={t('billing.catalogue.validUntil')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
        <FormTextField {...fieldProps} name="maxUses" label={t('billing.catalogue.maxUses')} inputMode="numeric" />
      </Stack>
    </DialogFrame>
  );
}

const decimalText = (n: number, language: string) =>
  n.toLocaleString(language, { minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: false });

function VariantDialog({ variant, onClose }: { variant: PlanVariant; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<PlanVariantForm>(planVariantFormSchema, {
    defaultValues: {
      nameDe: variant.nameDe,
      nameEn: variant.nameEn,
      monthlyNet: decimalText(variant.monthlyNet, i18n.language),
      vatPercent: decimalText(variant.vatPercent, i18n.language),
      noticePeriodDays: String(variant.noticePeriodDays),
      isActive: variant.isActive,
    },
    fieldOf: (path) =>
      (({ monthlyNetCents: 'monthlyNet', vatBasisPoints: 'vatPercent' }) as Record<string, keyof PlanVariantForm>)[path] ??
      (path as keyof PlanVariantForm),
    onSubmit: async (values) => {
      queryClient.setQueryData(catalogueKey, await updatePlanVariant(variant.id, toPlanVariantInput(values)));
      notify(t('billing.catalogue.variantSaved'), 'success');
      onClose();
    },
  });
  const fieldProps = { form, messageOf: (key?: string) => messageText(t, key) };
  const isActive = form.watch('isActive');
  const trial = variant.trialDays > 0;
  return (
    <DialogFrame
      open
      title={t('billing.catalogue.editVariant')}
      description={`${variant.planName} · ${variant.id}`}
      onClose={onClose}
      form={form}
      submitLabel={t('common.save')}
      width={560}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField {...fieldProps} name="nameDe" label={t('billing.catalogue.nameDe')} required autoFocus fullWidth />
          <FormTextField {...fieldProps} name="nameEn" label={t('billing.catalogue.nameEn')} required fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            {...fieldProps}
            name="monthlyNet"
            label={t('billing.catalogue.monthlyNetEuro')}
            inputMode="decimal"
            disabled={trial}
            fullWidth
            hint={trial ? t('validation.trialIsFree') : undefined}
            // The note says why the field is disabled: it must stay readable (4.5:1), not greyed out with it.
            slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          />
          <FormTextField
            {...fieldProps}
            name="vatPercent"
            label={t('billing.catalogue.vatPercent')}
            inputMode="decimal"
            fullWidth
          />
          <FormTextField
            {...fieldProps}
            name="noticePeriodDays"
            label={t('billing.catalogue.noticeDays')}
            inputMode="numeric"
            fullWidth
          />
        </Stack>
        <FormControlLabel
          control={
            <Switch checked={isActive} onChange={(e) => form.setValue('isActive', e.target.checked, { shouldDirty: true })} />
          }
          label={t('billing.catalogue.isActive')}
        />
        {!trial && variant.contracts > 0 && (
          <Alert severity="info">{t('billing.catalogue.priceHint', { count: variant.contracts })}</Alert>
        )}
      </Stack>
    </DialogFrame>
  );
}

/** Delete (never redeemed) or deactivate (redeemed) after a confirmation. */
function CouponRemoval({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = coupon.deletable;
  const run = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(catalogueKey, await (remove ? deleteCoupon(coupon.id) : deactivateCoupon(coupon.id)));
      notify(t(remove ? 'billing.catalogue.couponDeleted' : 'billing.catalogue.couponDeactivated'), 'success');
      onClose();
    } catch (error) {
      notify(errorText(t, error), 'error');
      void queryClient.invalidateQueries({ queryKey: catalogueKey });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={t(remove ? 'billing.catalogue.deleteTitle' : 'billing.catalogue.deactivateTitle')}
      text={t(remove ? 'billing.catalogue.deleteText' : 'billing.catalogue.deactivateText', { code: coupon.code })}
      confirmLabel={t(remove ? 'billing.catalogue.delete' : 'billing.catalogue.deactivate')}
      danger
      busy={busy}
      onConfirm={() => void run()}
      onClose={onClose}
    />
  );
}

/** The actions stay in view while a narrow screen scrolls the table sideways. */
const actionsCell = { position: 'sticky', right: 0, bgcolor: 'background.paper', whiteSpace: 'nowrap' } as const;

/** An icon button with its tooltip; the span keeps the tooltip working on a disabled button. */
function RowAction(props: { title: string; label: string; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={props.title}>
      <span>
        <IconButton size="small" aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A card with one table: its column heads (numbers aligned right), the rows, and the actions column last. */
function Section({
  title,
  action,
  columns,
  children,
}: {
  title: string;
  action?: ReactNode;
  columns: TableColumn[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        <SimpleTable
          columns={[...columns, { label: t('billing.catalogue.actions'), align: 'right', sx: actionsCell }]}
          minWidth={640}
          noWrap
        >
          {children}
        </SimpleTable>
      </CardContent>
    </Card>
  );
}

/** Active or valid reads green, anything else grey. */
function StateChip({ good, label }: { good: boolean; label: string }) {
  return <Chip size="small" variant="outlined" color={good ? 'success' : 'default'} label={label} />;
}

/** /administration/billing: the installation's plan variants and coupons (Platform.Manage). */
export function CataloguePage() {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  const [adding, setAdding] = useState(false);
  const [editingCoupon, setEditingCoupon] = useState<Coupon | null>(null);
  const [removing, setRemoving] = useState<Coupon | null>(null);
  const [editingVariant, setEditingVariant] = useState<PlanVariant | null>(null);
  const euro = (v: number) => formatEuro(v, i18n.language);
  return (
    <>
      <PageHeader title={t('section.billing-admin')} />
      <Loaded query={catalogue} height={320} page>
        {(data) => (
          <Stack spacing={2}>
            <Section
              title={t('billing.catalogue.plans')}
              columns={[
                { label: t('billing.catalogue.variant') },
                { label: t('billing.account.plan') },
                { label: t('billing.catalogue.monthlyNet'), align: 'right' },
                { label: t('billing.catalogue.vat'), align: 'right' },
                { label: t('billing.catalogue.trialDays'), align: 'right' },
                { label: t('billing.account.noticePeriod'), align: 'right' },
                { label: t('billing.catalogue.contracts'), align: 'right' },
                { label: t('billing.catalogue.status') },
              ]}
            >
              {data.planVariants.map((v) => (
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
                  <TableCell>
                    <StateChip
                      good={v.isActive}
                      label={t(v.isActive ? 'billing.catalogue.active' : 'billing.catalogue.inactive')}
                    />
                  </TableCell>
                  <TableCell align="right" sx={actionsCell}>
                    <RowAction
                      title={t('billing.catalogue.editVariant')}
                      label={t('billing.catalogue.editVariantFor', { name: v.name })}
                      icon={<Edit fontSize="small" />}
                      onClick={() => setEditingVariant(v)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </Section>
            <Section
              title={t('billing.catalogue.coupons')}
              action={
                <Button variant="outlined" startIcon={<Add />} onClick={() => setAdding(true)}>
                  {t('billing.catalogue.addCoupon')}
                </Button>
              }
              columns={[
                { label: t('billing.catalogue.code') },
                { label: t('billing.catalogue.discount'), align: 'right' },
                { label: t('billing.catalogue.validFrom') },
                { label: t('billing.catalogue.validUntil') },
                { label: t('billing.catalogue.uses'), align: 'right' },
                { label: t('billing.catalogue.status') },
              ]}
            >
              {data.coupons.map((c) => (
                <TableRow key={c.id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{c.code}</TableCell>
                  <TableCell align="right">{c.kind === 'Percentage' ? `${c.value} %` : euro(c.value / 100)}</TableCell>
                  <TableCell>{formatDate(c.validFrom) || '—'}</TableCell>
                  <TableCell>{formatDate(c.validUntil) || '—'}</TableCell>
                  <TableCell align="right">{c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`}</TableCell>
                  <TableCell>
                    <StateChip good={c.status === 'valid'} label={t(`billing.catalogue.couponStatus.${c.status}`)} />
                  </TableCell>
                  <TableCell align="right" sx={actionsCell}>
                    <RowAction
                      title={t('billing.catalogue.editCoupon')}
                      label={t('billing.catalogue.editCouponFor', { code: c.code })}
                      icon={<Edit fontSize="small" />}
                      onClick={() => setEditingCoupon(c)}
                    />
                    {c.deletable ? (
                      <RowAction
                        title={t('billing.catalogue.delete')}
                        label={t('billing.catalogue.deleteCouponFor', { code: c.code })}
                        icon={<Delete fontSize="small" />}
                        onClick={() => setRemoving(c)}
                      />
                    ) : (
                      <RowAction
                        title={t('billing.catalogue.deactivate')}
                        label={t('billing.catalogue.deactivateFor', { code: c.code })}
                        icon={<Block fontSize="small" />}
                        disabled={c.status === 'expired'}
                        onClick={() => setRemoving(c)}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </Section>
          </Stack>
        )}
      </Loaded>
      {adding && <CouponDialog onClose={() => setAdding(false)} />}
      {editingCoupon && <CouponDialog coupon={editingCoupon} onClose={() => setEditingCoupon(null)} />}
      {removing && <CouponRemoval coupon={removing} onClose={() => setRemoving(null)} />}
      {editingVariant && <VariantDialog variant={editingVariant} onClose={() => setEditingVariant(null)} />}
    </>
  );
}
