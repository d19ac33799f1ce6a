import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyInput } from '@pc/shared';
import { type ReactNode, useId } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountryField } from '../../../components/form/form-country-field';
import { fieldMessage } from './company-messages';

/** A titled card of the company page. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Two columns from tablet width on, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {children}
    </Box>
  );
}

export type TextFieldName = {
  [K in keyof CompanyInput]: CompanyInput[K] extends string ? K : never;
}[keyof CompanyInput];

interface TextInputProps {
  name: TextFieldName;
  register: UseFormRegister<CompanyInput>;
  errors: FieldErrors<CompanyInput>;
  required?: boolean;
  wide?: boolean;
  type?: string;
  autoComplete?: string;
  helperText?: string;
  /** Called as the user leaves the field, e.g. to check it at once rather than on submit. */
  onBlur?: () => void;
}

export function TextInput({
  name,
  register,
  errors,
  required,
  wide,
  type,
  autoComplete = 'off',
  helperText,
  onBlur,
}: TextInputProps) {
  const { t } = useTranslation();
  const error = errors[name]?.message;
  return (
    <TextField
      label={t(`companiesAdmin.field.${name}`)}
      required={required}
      type={type}
      autoComplete={autoComplete}
      {...register(name, onBlur ? { onBlur } : undefined)}
      error={!!error}
      helperText={fieldMessage(t, error) ?? helperText}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
    />
  );
}

/** ISO country, shown by name, stored as its two-letter code. */
export function CountryInput({ name, control }: { name: 'country' | 'dataPrivacyAgentCountry'; control: Control<CompanyInput> }) {
  const { t } = useTranslation();
  return (
    <FormCountryField
      control={control}
      name={name}
      label={t(`companiesAdmin.field.${name}`)}
      messageOf={(key) => fieldMessage(t, key)}
    />
  );
}
