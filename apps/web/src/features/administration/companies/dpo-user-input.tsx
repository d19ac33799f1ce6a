import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CompanyInput, UserLookup } from '@pc/shared';
import { type Control, type UseFormSetValue, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUserLookup } from '../../../lib/user-lookup';
import { fieldMessage } from './company-messages';

/**
 * The DPO as a user of the installation (the company's dataPrivacyAgentId). Choosing one fills the
 * name and e-mail fields below, which stay editable: the address is the DPO's business address,
 * not something the user account knows.
 */
export function DpoUserInput({ control, setValue }: { control: Control<CompanyInput>; setValue: UseFormSetValue<CompanyInput> }) {
  const { t } = useTranslation();
  const users = useUserLookup();
  const { field, fieldState } = useController({ control, name: 'dataPrivacyAgentId' });
  const options = users.data ?? [];
  const value = options.find((u) => u.id === field.value) ?? null;
  const choose = (user: UserLookup | null) => {
    field.onChange(user?.id ?? null);
    if (!user) return;
    const dirty = { shouldDirty: true, shouldValidate: true };
    setValue('dataPrivacyAgentFirstname', user.firstname, dirty);
    setValue('dataPrivacyAgentLastname', user.lastname, dirty);
    setValue('dataPrivacyAgentEmailAddress', user.email, dirty);
  };
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={users.isLoading}
      onChange={(_e, next) => choose(next)}
      getOptionLabel={(u) => `${u.name} (${u.email})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('companiesAdmin.dpoUser.none')}
      sx={{ gridColumn: '1 / -1' }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={t('companiesAdmin.field.dataPrivacyAgentId')}
          error={!!fieldState.error}
          helperText={fieldMessage(t, fieldState.error?.message) ?? t('companiesAdmin.dpoUser.hint')}
        />
      )}
    />
  );
}
