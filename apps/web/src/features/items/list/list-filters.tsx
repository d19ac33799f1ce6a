import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { itemStatuses, type TagType } from '@pc/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckMark } from '../../../components/check-mark';
import type { ServerGrid } from '../../../components/data-grid/use-server-grid';
import { ListToolbar } from '../../../components/list-toolbar';
import { StatusDot } from '../../../components/status-chip';
import { useUserLookup } from '../../../lib/user-lookup';
import { useTagsOf } from '../api';
import { namedGroup } from '../detail/reference-inputs';
import { activeFilterCount, statusesOf } from './list-state';

/** The status filter of a list over items: any number of statuses, none meaning all. */
function StatusSelect({ statuses, onStatuses }: { statuses: readonly number[]; onStatuses: (statuses: number[]) => void }) {
  const { t } = useTranslation();
  const statusLabelId = useId();
  return (
    <FormControl size="small" sx={{ width: { xs: '100%', sm: 210 } }}>
      <InputLabel id={statusLabelId}>{t('items.field.status')}</InputLabel>
      <Select
        labelId={statusLabelId}
        multiple
        value={[...statuses]}
        onChange={(e) => onStatuses(typeof e.target.value === 'string' ? [] : e.target.value)}
        renderValue={(selected) =>
          selected.length === 0
            ? t('items.list.allStatuses')
            : selected.map((code) => t(`status.${itemStatuses.find((s) => s.code === code)?.name}`)).join(', ')
        }
      >
        {itemStatuses.map((s) => (
          <MenuItem key={s.code} value={s.code} dense>
            <Box component="span" sx={{ display: 'flex', p: 0.5, mr: 1 }}>
              <CheckMark checked={statuses.includes(s.code)} />
            </Box>
            <StatusDot status={s.code} />
            <ListItemText primary={t(`status.${s.name}`)} sx={{ ml: 1 }} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

interface Choice {
  id: string;
  label: string;
  group?: string;
}

/** One of many (a person, a tag), typed to narrow; empty means any. */
function ChoiceFilter(o: { label: string; options: Choice[]; value: string; loading: boolean; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const selected = o.options.find((c) => c.id === o.value) ?? null;
  return (
    <Autocomplete
      size="small"
      options={o.options}
      value={selected}
      loading={o.loading}
      groupBy={o.options.some((c) => c.group) ? (c) => c.group ?? '' : undefined}
      renderGroup={namedGroup}
      getOptionLabel={(c) => c.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => o.onChange(next?.id ?? '')}
      sx={{ width: { xs: '100%', sm: 210 } }}
      renderInput={(params) => <TextField {...params} label={o.label} placeholder={selected ? undefined : t('items.list.all')} />}
    />
  );
}

function AssigneeFilter({ grid }: { grid: ServerGrid<unknown> }) {
  const { t } = useTranslation();
  const users = useUserLookup();
  const options = (users.data ?? []).map((u) => ({ id: u.id, label: u.name, group: u.companyName }));
  return (
    <ChoiceFilter
      label={t('items.field.assignee')}
      options={options}
      value={grid.view.filters.assigneeId ?? ''}
      loading={users.isLoading}
      onChange={(assigneeId) => grid.setView({ filters: { assigneeId } })}
    />
  );
}

function TagFilter({ grid, tagTypes }: { grid: ServerGrid<unknown>; tagTypes: readonly TagType[] }) {
  const { t } = useTranslation();
  const { tags, isLoading } = useTagsOf(tagTypes);
  const options = tags.map((tag) => ({
    id: tag.id,
    label: tag.name,
    group: tagTypes.length > 1 ? t(`tags.kind.${tag.kind}`) : undefined,
  }));
  return (
    <ChoiceFilter
      label={t('items.field.tags')}
      options={options}
      value={grid.view.filters.tagId ?? ''}
      loading={isLoading}
      onChange={(tagId) => grid.setView({ filters: { tagId } })}
    />
  );
}

/**
 * Quick search, status, assignee and tag filters and the due-date range of a register, over its
 * server grid's view (on a phone, all but the search behind a Filter button). `tagTypes`: the
 * kinds of tag its items carry (no tag filter without any).
 */
export function RegisterFilters({
  grid,
  tagTypes,
  children,
}: {
  grid: ServerGrid<unknown>;
  tagTypes: readonly TagType[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const active = activeFilterCount(grid.view);
  return (
    <ListToolbar
      grid={grid}
      searchLabel={t('items.list.search')}
      range={{ label: t('items.field.dueDate'), fromLabel: t('items.list.dueFrom'), untilLabel: t('items.list.dueUntil') }}
      phoneButton={{ label: active > 0 ? t('items.list.filtersSet', { count: active }) : t('items.list.filters'), active }}
    >
      <StatusSelect
        statuses={statusesOf(grid.view)}
        onStatuses={(codes) => grid.setView({ filters: { status: [...codes].sort((a, b) => a - b).join(',') } })}
      />
      <AssigneeFilter grid={grid} />
      {tagTypes.length > 0 && <TagFilter grid={grid} tagTypes={tagTypes} />}
      {children}
    </ListToolbar>
  );
}
