import Autocomplete, { type AutocompleteRenderGroupParams, createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ItemTypeKey, TagType } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldText, type InputProps } from '../../../components/form-inputs';
import { isApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { hasClaim } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/session-store';
import { useUserLookup } from '../../../lib/user-lookup';
import { createTag, tagKeys, useLinkOptions, useTags } from '../api';
import { validationMessage } from '../labels';
import { canReadLinked } from './can-read-linked';

/**
 * A list box holds options and groups of options, nothing else: each group is a named group of its
 * own (MUI's default puts a header item and a plain list between the list box and its options).
 */
export const namedGroup = ({ key, group, children }: AutocompleteRenderGroupParams) => (
  <Box component="li" key={key} role="presentation" sx={{ listStyle: 'none' }}>
    <ListSubheader component="div" role="presentation" aria-hidden sx={{ top: -8, lineHeight: '36px' }}>
      {group}
    </ListSubheader>
    <Box component="ul" role="group" aria-label={group} sx={{ p: 0 }}>
      {children}
    </Box>
  </Box>
);

/**
 * Owner or assignee: active users of the visible companies, grouped by company. `known` is the
 * person the item names (its answer carries the name): a reader who may not list users, or a
 * person no longer active, still shows by name.
 */
export function PersonInput(props: InputProps<string | null> & { known?: { id: string; name: string } | null }) {
  const { value, known } = props;
  const users = useUserLookup();
  const listed = users.data ?? [];
  const fallback =
    value && known?.id === value && !listed.some((u) => u.id === value)
      ? { id: known.id, name: known.name, firstname: '', lastname: '', email: '', companyId: '', companyName: '' }
      : null;
  const options = fallback ? [fallback, ...listed] : listed;
  const selected = options.find((u) => u.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      readOnly={props.readOnly}
      loading={users.isLoading}
      onChange={(_e, next) => props.onChange(next?.id ?? null)}
      onBlur={props.onBlur}
      groupBy={(u) => u.companyName}
      renderGroup={namedGroup}
      getOptionLabel={(u) => u.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, u) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{u.name}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {u.email}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={props.label} {...fieldText(props)} />}
    />
  );
}

interface TagOption {
  id: string;
  name: string;
  /** The "add …" entry typed by the user. */
  isNew?: boolean;
}

const filterTags = createFilterOptions<TagOption>();

/**
 * Tags of one kind of the item's company, several at once; users with Tag.Write can add a new
 * tag inline ("„Lieferanten“ hinzufügen").
 */
export function TagsInput(
  props: InputProps<string[]> & { tagType: TagType; companyId: string; known: readonly { id: string; name: string }[] },
) {
  const { onChange, readOnly, tagType, companyId, known } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useSession((s) => s.me);
  const canRead = hasClaim(me, 'Tag.Read');
  const canAdd = hasClaim(me, 'Tag.Write') && !readOnly;
  const tags = useTags(tagType, canRead);
  const [adding, setAdding] = useState(false);
  const options = useMemo<TagOption[]>(
    () => (tags.data ?? []).filter((x) => x.companyId === companyId).map((x) => ({ id: x.id, name: x.name })),
    [tags.data, companyId],
  );
  const ids = props.value ?? [];
  const selected = ids.map(
    (id) => options.find((o) => o.id === id) ?? known.find((o) => o.id === id) ?? { id, name: t('items.links.unknown') },
  );

  async function add(nameToAdd: string) {
    setAdding(true);
    try {
      const { id } = await createTag(tagType, { name: nameToAdd, companyId });
      await client.invalidateQueries({ queryKey: tagKeys.type(tagType) });
      onChange([...ids, id]);
      notify(t('tags.added', { name: nameToAdd }), 'success');
    } catch (e) {
      const field = isApiError(e) ? e.fields?.name?.[0] : undefined;
      notify(field ? validationMessage(t, field) : errorText(t, e), 'error');
    } finally {
      setAdding(false);
    }
  }

  return (
    <Autocomplete<TagOption, true>
      multiple
      disableCloseOnSelect
      readOnly={readOnly}
      loading={tags.isLoading || adding}
      options={options}
      value={selected}
      onBlur={props.onBlur}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      filterOptions={(opts, state) => {
        const filtered = filterTags(opts, state);
        const typed = state.inputValue.trim();
        if (canAdd && typed && !opts.some((o) => o.name.toLocaleLowerCase() === typed.toLocaleLowerCase())) {
          filtered.push({ id: `new:${typed}`, name: typed, isNew: true });
        }
        return filtered;
      }}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          {o.isNew ? t('tags.addInline', { name: o.name }) : o.name}
        </li>
      )}
      onChange={(_e, next) => {
        const created = next.find((o) => o.isNew);
        if (created) void add(created.name);
        else onChange(next.map((o) => o.id));
      }}
      noOptionsText={t('tags.noOptions')}
      renderInput={(params) => <TextField {...params} label={props.label} {...fieldText(props)} />}
    />
  );
}

/** Links to items of another type of the same company (processes ↔ measures, storage periods …). */
export function LinksInput(props: InputProps<string[]> & { itemType: ItemTypeKey; companyId: string; max?: number }) {
  const { itemType, companyId, max } = props;
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const items = useLinkOptions(itemType, canReadLinked(me, itemType));
  const options = useMemo(
    () =>
      (items.data ?? []).filter((i) => i.companyId === companyId).map((i) => ({ id: i.id, label: `${i.number} · ${i.name}` })),
    [items.data, companyId],
  );
  const selected = (props.value ?? []).map((id) => options.find((o) => o.id === id) ?? { id, label: t('items.links.unknown') });
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      readOnly={props.readOnly}
      loading={items.isLoading}
      options={options}
      value={selected}
      onBlur={props.onBlur}
      // With a limit (one parent unit) the latest choice replaces the earliest.
      onChange={(_e, next) => props.onChange(next.slice(max ? -max : 0).map((o) => o.id))}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      noOptionsText={t('items.links.noOptions')}
      renderInput={(params) => <TextField {...params} label={props.label} {...fieldText(props)} />}
    />
  );
}
