import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Codes Intl knows as regions that are no countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB']);

export interface CountryOption {
  code: string;
  name: string;
}

const countryCache = new Map<string, CountryOption[]>();

/** ISO 3166 countries with their names in the given language, sorted by name. */
export function countryOptions(language: string): CountryOption[] {
  const cached = countryCache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const options: CountryOption[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) options.push({ code, name });
    }
  }
  options.sort((x, y) => x.name.localeCompare(y.name, language));
  countryCache.set(language, options);
  return options;
}

/** A country of a form: shown by its name in the user's language, kept as its two-letter code. */
export function FormCountryField<T extends FieldValues>({
  control,
  name,
  label,
  messageOf,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** A message key (schema or 422 answer) as text. */
  messageOf: (key: string | undefined) => string | undefined;
  disabled?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const options = useMemo(() => countryOptions(language), [language]);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          // A code not in the list (kept from elsewhere) still shows, as itself.
          value={options.find((o) => o.code === field.value) ?? { code: field.value, name: field.value }}
          disableClearable
          autoHighlight
          disabled={disabled}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          onChange={(_e, option) => field.onChange(option.code)}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              error={!!fieldState.error}
              helperText={messageOf(fieldState.error?.message)}
            />
          )}
        />
      )}
    />
  );
}
