import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type CompanyDetail, type CompanyInput, type CompanyListItem, companyFormSchema, companyTypes } from '@pc/shared';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormSelectField } from '../../../components/form/form-select-field';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { type SubmitMeta, useZodForm } from '../../../lib/use-zod-form';
import { companyFieldOf, emptyCompanyInput, inputOfCompany, parentOptions } from './company-logic';
import { fieldMessage } from './company-messages';
import { DpoUserInput } from './dpo-user-input';
import { CountryInput, FieldGrid, Section, TextInput } from './form-parts';
import { IpAllowListInput } from './ip-allow-list-input';

const NO_PARENT = '';
const flags = ['isResponsibleParty', 'isDataProcessor', 'isDataPrivacyAgency'] as const;

interface CompanyFormProps {
  formId: string;
  company: CompanyDetail | null;
  companies: readonly CompanyListItem[];
  /** The user's own company is a data privacy agency: a company without parent becomes its client. */
  isAgency: boolean;
  /** `meta.ifMatch`: the version the change is based on; answers the saved company. */
  onSave: (values: CompanyInput, meta: SubmitMeta) => Promise<unknown>;
  onDirtyChange?: (dirty: boolean, submitting: boolean) => void;
}

/**
 * Every company field the server takes. Client rules come from the shared schema; 422 answers
 * land on their fields, anything else in a snackbar — the form keeps what was typed.
 */
export function CompanyForm({ formId, company, companies, isAgency, onSave, onDirtyChange }: CompanyFormProps) {
  const { t } = useTranslation();
  const flagsLabelId = useId();
  const defaults = company ? inputOfCompany(company) : emptyCompanyInput();
  const form = useZodForm<CompanyInput>(companyFormSchema, {
    defaultValues: defaults,
    onSubmit: onSave,
    versioning: {
      record: company,
      valuesOf: inputOfCompany,
      labelOf: (path) => t([`companiesAdmin.field.${path}`, path]),
    },
    fieldOf: companyFieldOf,
    onFailure: (error, onFields) => notify(onFields ? t('companiesAdmin.checkFields') : errorText(t, error), 'error'),
    // The wrong field may be far down the page: a snackbar says to look.
    onInvalid: () => notify(t('companiesAdmin.checkFields'), 'error'),
  });
  const { register, control, formState, reset, resetTo } = form;
  const { errors, isDirty } = formState;
  const parents = parentOptions(companies, company?.id ?? null);
  const type = form.watch('type');
  const message = (key?: string) => fieldMessage(t, key);
  const childCount = company?.numberOfChildCompanies ?? 0;

  // A fresh answer from the server becomes the new starting point.
  useEffect(() => {
    if (company) resetTo(company);
  }, [company, resetTo]);

  useEffect(() => onDirtyChange?.(isDirty, form.busy), [isDirty, form.busy, onDirtyChange]);

  const fieldProps = { register, errors };
  return (
    <Box component="form" id={formId} onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <Stack spacing={2.5}>
        <Section title={t('companiesAdmin.section.general')}>
          <FieldGrid>
            <TextInput name="name" required wide autoComplete="organization" {...fieldProps} />
            <FormSelectField
              form={form}
              name="type"
              messageOf={message}
              hint={childCount > 0 && type === 'Group' ? t('companiesAdmin.typeLocked') : undefined}
              label={t('companiesAdmin.field.type')}
              options={companyTypes.map((value) => ({
                value,
                label: t(`companiesAdmin.type.${value}`),
                disabled: value === 'Company' && childCount > 0,
              }))}
            />
            {company ? (
              // The place of an existing company changes through the move action only.
              <TextField
                label={t('companiesAdmin.field.parent')}
                value={company.parentCompanyName ?? t('companiesAdmin.noParent')}
                helperText={t('companiesAdmin.parentMoveHint')}
                slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
              />
            ) : (
              <FormSelectField
                form={form}
                name="parentCompanyId"
                messageOf={message}
                hint={!form.watch('parentCompanyId') && isAgency ? t('companiesAdmin.parentAgencyHint') : undefined}
                label={t('companiesAdmin.field.parent')}
                shown={(value) => value ?? NO_PARENT}
                chosen={(value) => value || null}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                options={[
                  { value: NO_PARENT, label: t('companiesAdmin.noParent') },
                  ...parents.map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
            )}
            <FormControl component="fieldset" sx={{ gridColumn: '1 / -1' }}>
              <FormLabel component="legend" id={flagsLabelId} sx={{ mb: 0.5 }}>
                {t('companiesAdmin.flags')}
              </FormLabel>
              <FormGroup sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
                {flags.map((flag) => (
                  <FormCheckbox key={flag} form={form} name={flag} label={t(`companiesAdmin.field.${flag}`)} />
                ))}
              </FormGroup>
            </FormControl>
            <Controller
              control={control}
              name="isActive"
              render={({ field, fieldState }) => (
                <FormControl error={!!fieldState.error} sx={{ gridColumn: '1 / -1' }}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { ref: field.ref } }}
                      />
                    }
                    label={t('companiesAdmin.field.isActive')}
                  />
                  <FormHelperText sx={{ mx: 0 }}>
                    {fieldMessage(t, fieldState.error?.message) ?? t('companiesAdmin.activeHint')}
                  </FormHelperText>
                </FormControl>
              )}
            />
          </FieldGrid>
        </Section>

        <Section title={t('companiesAdmin.section.address')}>
          <FieldGrid>
            <TextInput name="addressLine1" wide autoComplete="address-line1" {...fieldProps} />
            <TextInput name="addressLine2" wide autoComplete="address-line2" {...fieldProps} />
            <TextInput name="zipCode" autoComplete="postal-code" {...fieldProps} />
            <TextInput name="city" autoComplete="address-level2" {...fieldProps} />
            <CountryInput name="country" control={control} />
            <TextInput name="phoneNumber" type="tel" {...fieldProps} />
            <TextInput name="faxNumber" type="tel" {...fieldProps} />
            <TextInput name="emailAddress" type="email" {...fieldProps} />
            <TextInput name="url" type="url" wide {...fieldProps} />
          </FieldGrid>
        </Section>

        <Section title={t('companiesAdmin.section.registration')}>
          <FieldGrid>
            <TextInput name="registrationAuthority" {...fieldProps} />
            <TextInput name="registrationNumber" {...fieldProps} />
            {/* Checked as the user leaves the field (country, format, check digits), not only on save. */}
            <TextInput
              name="vatNumber"
              helperText={t('companiesAdmin.vatHint')}
              onBlur={() => void form.trigger('vatNumber')}
              {...fieldProps}
            />
          </FieldGrid>
        </Section>

        <Section title={t('companiesAdmin.section.agent')}>
          <FieldGrid>
            <DpoUserInput control={control} setValue={form.setValue} />
            <TextInput name="dataPrivacyAgentFirstname" {...fieldProps} />
            <TextInput name="dataPrivacyAgentLastname" {...fieldProps} />
            <TextInput name="dataPrivacyAgentAddressLine1" wide {...fieldProps} />
            <TextInput name="dataPrivacyAgentAddressLine2" wide {...fieldProps} />
            <TextInput name="dataPrivacyAgentZipCode" {...fieldProps} />
            <TextInput name="dataPrivacyAgentCity" {...fieldProps} />
            <CountryInput name="dataPrivacyAgentCountry" control={control} />
            <TextInput name="dataPrivacyAgentPhoneNumber" type="tel" {...fieldProps} />
            <TextInput name="dataPrivacyAgentEmailAddress" type="email" wide {...fieldProps} />
          </FieldGrid>
        </Section>

        <Section title={t('companiesAdmin.section.security')}>
          <Stack spacing={3}>
            <IpAllowListInput control={control} />
            <TextField
              label={t('companiesAdmin.field.passwordExpiryDays')}
              type="number"
              {...register('passwordExpiryDays', { valueAsNumber: true })}
              error={!!errors.passwordExpiryDays}
              helperText={fieldMessage(t, errors.passwordExpiryDays?.message) ?? t('companiesAdmin.passwordExpiryHint')}
              slotProps={{ htmlInput: { min: 0, max: 3650, step: 1, inputMode: 'numeric' } }}
              sx={{ maxWidth: { sm: 320 } }}
            />
          </Stack>
        </Section>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
          {isDirty && company && (
            <Button onClick={() => reset(inputOfCompany(company))} disabled={form.busy}>
              {t('companiesAdmin.discard')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={form.busy || (!!company && !isDirty)}>
            {company ? t('common.save') : t('companiesAdmin.createSubmit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
