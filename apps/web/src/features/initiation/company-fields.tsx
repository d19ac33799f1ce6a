import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyInput } from '@pc/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCountryField } from '../../components/form/form-country-field';
import { messageText } from '../../lib/messages';
import type { ZodForm } from '../../lib/use-zod-form';

type TextName = {
  [K in keyof CompanyInput]: CompanyInput[K] extends string ? K : never;
}[keyof CompanyInput];

function Grid({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * Step 0: name (required), address, contact, register, VAT
 * number and the data protection officer's fields. The form is the company's own edit form.
 */
export function CompanyFields({ form, disabled }: { form: ZodForm<CompanyInput>; disabled?: boolean }) {
  const { t } = useTranslation();
  const { register, formState } = form;
  const input = (name: TextName, opts: { required?: boolean; wide?: boolean; type?: string; autoComplete?: string } = {}) => {
    const error = formState.errors[name]?.message as string | undefined;
    return (
      <TextField
        key={name}
        label={t(`initiation.company.${name}`)}
        required={opts.required}
        type={opts.type}
        autoComplete={opts.autoComplete ?? 'off'}
        disabled={disabled}
        {...register(name)}
        error={!!error}
        helperText={messageText(t, error)}
        sx={opts.wide ? { gridColumn: '1 / -1' } : undefined}
      />
    );
  };
  const country = (name: 'country' | 'dataPrivacyAgentCountry') => (
    <FormCountryField
      key={name}
      control={form.control}
      name={name}
      label={t(`initiation.company.${name}`)}
      messageOf={(key) => messageText(t, key)}
      disabled={disabled}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Grid title={t('initiation.company.general')}>
        {input('name', { required: true, wide: true, autoComplete: 'organization' })}
        {input('addressLine1', { wide: true, autoComplete: 'address-line1' })}
        {input('addressLine2', { wide: true, autoComplete: 'address-line2' })}
        {input('zipCode', { autoComplete: 'postal-code' })}
        {input('city', { autoComplete: 'address-level2' })}
        {country('country')}
        {input('phoneNumber', { type: 'tel' })}
        {input('faxNumber', { type: 'tel' })}
        {input('emailAddress', { type: 'email' })}
        {input('url', { type: 'url', wide: true })}
        {input('registrationAuthority')}
        {input('registrationNumber')}
        {input('vatNumber')}
      </Grid>
      <Grid title={t('initiation.company.agent')}>
        {input('dataPrivacyAgentFirstname')}
        {input('dataPrivacyAgentLastname')}
        {input('dataPrivacyAgentAddressLine1', { wide: true })}
        {input('dataPrivacyAgentAddressLine2', { wide: true })}
        {input('dataPrivacyAgentZipCode')}
        {input('dataPrivacyAgentCity')}
        {country('dataPrivacyAgentCountry')}
        {input('dataPrivacyAgentPhoneNumber', { type: 'tel' })}
        {input('dataPrivacyAgentEmailAddress', { type: 'email', wide: true })}
      </Grid>
    </Box>
  );
}
