import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { textModuleSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiRequest } from '../lib/api/api-client';
import { useSession } from '../lib/session/session-store';

export type TextModule = z.infer<typeof textModuleSchema>;

/**
 * Read-only when a company scope is active, when the bound item already has a
 * positive id (it exists), or when disabled.
 */
export function textModuleSelectReadOnly(input: { scopeActive: boolean; boundId?: number | string | null; disabled?: boolean }) {
  const saved = typeof input.boundId === 'number' ? input.boundId > 0 : typeof input.boundId === 'string' && input.boundId !== '';
  return input.scopeActive || saved || input.disabled === true;
}

type Single = { multiple?: false; value: number | null; onChange: (id: number | null) => void };
type Multi = { multiple: true; value: number[]; onChange: (ids: number[]) => void };

export type TextModuleSelectProps = (Single | Multi) & {
  label?: string;
  /** Id of the item the selection belongs to (a saved item cannot change it). */
  boundId?: number | string | null;
  disabled?: boolean;
  name?: string;
};

export function useTextModules(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['text-modules'],
    queryFn: () => apiRequest('/text-module', { schema: z.array(textModuleSchema) }),
  });
}

/** Reusable text-module select, single or multiple. */
export function TextModuleSelect(props: TextModuleSelectProps & { size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const scopeActive = useSession((s) => !!s.me?.scopeCompany);
  const readOnly = textModuleSelectReadOnly({ scopeActive, boundId: props.boundId, disabled: props.disabled });
  const modules = useTextModules();
  const options = modules.data ?? [];
  const label = props.label ?? t('tags.kind.text-modules');
  const input = (params: object) => <TextField {...params} name={props.name} label={label} size={props.size} />;
  const common = {
    options,
    readOnly,
    loading: modules.isLoading,
    getOptionLabel: (m: TextModule) => m.name,
    isOptionEqualToValue: (a: TextModule, b: TextModule) => a.id === b.id,
    noOptionsText: t('tags.textModules.none'),
    renderInput: input,
    size: props.size,
  };
  if (props.multiple) {
    return (
      <Autocomplete
        {...common}
        multiple
        value={options.filter((m) => props.value.includes(m.id))}
        onChange={(_e, next) => props.onChange(next.map((m) => m.id))}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      value={options.find((m) => m.id === props.value) ?? null}
      onChange={(_e, next) => props.onChange(next?.id ?? null)}
    />
  );
}
