import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyInput } from '@pc/shared';
import { type ReactNode, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';
import type { ZodForm } from '../../lib/use-zod-form';

type TextName = {
  [K in keyof CompanyInput]: CompanyInput[K] extends string ? K : never;
}[keyof CompanyInput];

/** Region names of the browser's Intl data, by two-letter code; the current value always included. */
function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) out.push({ code, name });
    }
  }
  return out.sort((x, y) => x.name.localeCompare(y.name, language));
}

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
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
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
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={countries}
          value={countries.find((c) => c.code === field.value) ?? { code: field.value, name: field.value }}
          disableClearable
          autoHighlight
          disabled={disabled}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          onChange={(_e, o) => field.onChange(o.code)}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={t(`initiation.company.${name}`)}
              error={!!fieldState.error}
              helperText={messageText(t, fieldState.error?.message)}
            />
          )}
        />
      )}
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
