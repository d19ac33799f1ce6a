import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { type AdminUser, adminUserInputSchema, type CompanyListItem, type Role } from '@pc/shared';
import dayjs from 'dayjs';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormCompaniesField } from '../../../components/form/form-companies-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { SelectInput } from '../../../components/form-inputs';
import { FormTextField } from '../../../components/form-text-field';
import { DATE_FORMAT } from '../../../components/pickers-provider';
import { useConfig } from '../../../lib/config';
import { offeredLanguages } from '../../../lib/i18n/language';
import { useZodForm } from '../../../lib/use-zod-form';
import type { UserInput } from './api';
import { inputOf } from './user-logic';

interface UserDialogProps {
  user: AdminUser | null;
  initial: UserInput;
  roles: Role[];
  companies: CompanyListItem[];
  roleName: (role: Role) => string;
  /** `ifMatch`: the version of the user the change is based on. */
  onSave: (values: UserInput, ifMatch?: number) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create or edit a user. 422 answers land on their fields; anything else (e.g. the last
 * administrator removing their own rights) shows above the form and nothing is saved.
 */
export function UserDialog({ user, initial, roles, companies, roleName, onSave, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const offered = offeredLanguages(useConfig().languages);
  const rolesLabelId = useId();
  const form = useZodForm<UserInput>(adminUserInputSchema, {
    defaultValues: initial,
    onSubmit: async (values, { ifMatch }) => {
      const saved = await onSave(values, ifMatch);
      onClose();
      return saved;
    },
    versioning: {
      record: user,
      valuesOf: inputOf,
      labelOf: (path) =>
        t(
          `usersAdmin.field.${path === 'roleIds' ? 'roles' : path === 'companyIds' ? 'companies' : path === 'companyId' ? 'company' : path}`,
        ),
      displayOf: (path, value) => {
        const names = (ids: unknown[]) =>
          ids
            .map((id) => {
              const role = roles.find((r) => r.id === id);
              return role ? roleName(role) : (companyName.get(String(id)) ?? String(id));
            })
            .join(', ');
        if (Array.isArray(value)) return value.length ? names(value) : '—';
        if (path === 'companyId') return companyName.get(String(value)) ?? '—';
        if (typeof value === 'boolean') return value ? t('items.yes') : t('items.no');
        return value === null || value === '' ? '—' : String(value);
      },
    },
  });
  const { errors } = form.formState;
  const message = (key?: string) => (key ? t([`usersAdmin.${key}`, `items.${key}`, key, 'items.validation.invalid']) : undefined);
  const fieldProps = { form, messageOf: message, required: true };
  const homeCompanyId = form.watch('companyId');
  const companyName = new Map(companies.map((c) => [c.id, c.name]));

  return (
    <DialogFrame
      title={user ? t('usersAdmin.editTitle') : t('usersAdmin.createTitle')}
      onClose={onClose}
      form={form}
      width={720}
      submitLabel={user ? t('common.save') : t('usersAdmin.createAndInvite')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!user && <Alert severity="info">{t('usersAdmin.inviteHint')}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <FormTextField {...fieldProps} name="firstname" label={t('usersAdmin.field.firstname')} autoFocus />
          <FormTextField {...fieldProps} name="lastname" label={t('usersAdmin.field.lastname')} />
        </Box>
        <FormTextField {...fieldProps} name="email" label={t('usersAdmin.field.email')} type="email" autoComplete="off" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <FormSelectField
            form={form}
            name="language"
            label={t('usersAdmin.field.language')}
            options={[...new Set([...offered, form.watch('language')])].map((l) => ({
              value: l,
              label: t(`language.name.${l}`),
            }))}
          />
          <Controller
            control={form.control}
            name="validUntil"
            render={({ field }) => (
              <DatePicker
                label={t('usersAdmin.field.validUntil')}
                value={field.value ? dayjs(field.value) : null}
                onChange={(v) => field.onChange(v?.isValid() ? v.format('YYYY-MM-DD') : null)}
                format={DATE_FORMAT}
                inputRef={field.ref}
                slotProps={{
                  field: { clearable: true },
                  textField: {
                    variant: 'filled',
                    name: field.name,
                    onBlur: field.onBlur,
                    error: !!errors.validUntil,
                    helperText: message(errors.validUntil?.message) ?? t('usersAdmin.field.validUntilHint'),
                  },
                }}
              />
            )}
          />
        </Box>
        <Controller
          control={form.control}
          name="companyId"
          render={({ field }) => (
            <SelectInput
              required
              label={t('usersAdmin.field.company')}
              name={field.name}
              value={companies.some((c) => c.id === field.value) ? field.value : null}
              onChange={field.onChange}
              inputRef={field.ref}
              error={message(errors.companyId?.message)}
              helperText={t('usersAdmin.field.companyHint')}
              options={companies.map((c) => ({ value: c.id, label: c.name }))}
            />
          )}
        />
        <FormCompaniesField
          form={form}
          name="companyIds"
          label={t('usersAdmin.field.companies')}
          companies={companies}
          messageOf={message}
          hint={t('usersAdmin.field.companiesHint')}
          leftOut={homeCompanyId}
          filterSelectedOptions
          noOptionsText={t('usersAdmin.field.noCompanies')}
        />
        <Controller
          control={form.control}
          name="roleIds"
          render={({ field }) => (
            <FormControl component="fieldset" error={!!errors.roleIds} variant="standard">
              <FormLabel component="legend" id={rolesLabelId} required sx={{ mb: 0.5 }}>
                {t('usersAdmin.field.roles')}
              </FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                {roles.map((r) => (
                  <FormControlLabel
                    key={r.id}
                    label={
                      <Typography variant="body2" component="span">
                        {roleName(r)}
                        {!r.builtIn && (
                          <Typography variant="caption" color="text.secondary" component="span">
                            {' '}
                            · {t('rolesAdmin.custom')}
                          </Typography>
                        )}
                      </Typography>
                    }
                    control={
                      <Checkbox
                        size="small"
                        checked={field.value.includes(r.id)}
                        onChange={(e) =>
                          field.onChange(e.target.checked ? [...field.value, r.id] : field.value.filter((id) => id !== r.id))
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.roleIds && <FormHelperText>{message(errors.roleIds.message)}</FormHelperText>}
            </FormControl>
          )}
        />
        {user && (
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <FormControlLabel
                label={t('usersAdmin.field.isActive')}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    // The server refuses deactivating oneself; an active own user's switch stays on.
                    disabled={user.isActive && !user.rights.deactivate}
                  />
                }
              />
            )}
          />
        )}
      </Stack>
    </DialogFrame>
  );
}
