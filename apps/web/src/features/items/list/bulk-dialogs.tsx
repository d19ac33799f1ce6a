import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TagType } from '@pc/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormEvent, HTMLAttributes, Key, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { DATE_FORMAT } from '../../../components/pickers-provider';
import { toDay } from '../../../lib/format';
import { useUserLookup } from '../../../lib/user-lookup';
import { useTags } from '../api';

/** What every bulk dialog is told: how many items, whether the request runs, and what to do with the choice. */
interface BulkDialogProps<V> {
  count: number;
  busy: boolean;
  onClose: () => void;
  onSave: V;
}

function BulkDialog({
  title,
  count,
  busy,
  canSave,
  onClose,
  onSave,
  children,
}: BulkDialogProps<() => void> & { title: string; canSave: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={title}
      description={t('items.bulk.forCount', { count })}
      onClose={onClose}
      busy={busy}
      width={520}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (canSave) onSave();
      }}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!canSave}>
            {t('items.bulk.apply', { count })}
          </Button>
        </>
      }
    >
      <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</Box>
    </DialogFrame>
  );
}

export function PersonDialog({
  field,
  onSave,
  ...frame
}: BulkDialogProps<(id: string | null) => void> & { field: 'assignee' | 'owner' }) {
  const { t } = useTranslation();
  const users = useUserLookup();
  const [chosen, setChosen] = useState<{ id: string; name: string; companyName: string } | null>(null);
  const [clear, setClear] = useState(false);
  return (
    <BulkDialog
      {...frame}
      title={t('items.bulk.setField', { field: t(`items.field.${field}`) })}
      canSave={clear || !!chosen}
      onSave={() => onSave(clear ? null : chosen!.id)}
    >
      <Autocomplete
        options={users.data ?? []}
        loading={users.isPending}
        value={chosen}
        disabled={clear}
        onChange={(_e, v) => setChosen(v)}
        getOptionLabel={(u) => u.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={withCompany}
        renderInput={(params) => <TextField {...params} autoFocus label={t(`items.field.${field}`)} />}
      />
      <TwoWay
        label={t('items.bulk.setOrClear')}
        first={!clear}
        onChange={(set) => setClear(!set)}
        names={[t('items.bulk.setPerson'), t('items.bulk.clearPerson')]}
      />
    </BulkDialog>
  );
}

export function DueDateDialog({ onSave, ...frame }: BulkDialogProps<(day: string | null) => void>) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Dayjs | null>(null);
  const valid = value === null || value.isValid();
  return (
    <BulkDialog
      {...frame}
      title={t('items.bulk.setField', { field: t('items.field.dueDate') })}
      canSave={valid}
      onSave={() => onSave(value ? toDay(value.toDate()) : null)}
    >
      <DatePicker
        label={t('items.field.dueDate')}
        value={value}
        onChange={setValue}
        format={DATE_FORMAT}
        minDate={dayjs(new Date(1900, 0, 1))}
        maxDate={dayjs(new Date(2199, 11, 31))}
        slotProps={{ textField: { autoFocus: true, helperText: value ? ' ' : t('items.bulk.emptyClears') } }}
      />
    </BulkDialog>
  );
}

export function TagsDialog({
  tagTypes,
  onSave,
  ...frame
}: BulkDialogProps<(add: boolean, ids: string[]) => void> & { tagTypes: TagType[] }) {
  const { t } = useTranslation();
  const [add, setAdd] = useState(true);
  const [kind, setKind] = useState<TagType>(tagTypes[0]!);
  const tags = useTags(kind);
  const [chosen, setChosen] = useState<{ id: string; name: string; companyName: string }[]>([]);
  return (
    <BulkDialog
      {...frame}
      title={t('items.bulk.tagsTitle')}
      canSave={chosen.length > 0}
      onSave={() =>
        onSave(
          add,
          chosen.map((c) => c.id),
        )
      }
    >
      <TwoWay
        label={t('items.bulk.tagsTitle')}
        first={add}
        onChange={setAdd}
        names={[t('items.bulk.addTags'), t('items.bulk.removeTags')]}
      />
      {tagTypes.length > 1 && (
        <TextField
          select
          label={t('items.bulk.tagKind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as TagType);
            setChosen([]);
          }}
        >
          {tagTypes.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`tags.kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Autocomplete
        multiple
        options={tags.data ?? []}
        loading={tags.isPending}
        value={chosen}
        onChange={(_e, v) => setChosen(v)}
        getOptionLabel={(x) => x.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={withCompany}
        renderInput={(params) => <TextField {...params} label={t('items.field.tags')} />}
      />
    </BulkDialog>
  );
}

/** An option of a person or tag list: its name, and the company it belongs to under it. */
function withCompany<T extends { name: string; companyName: string }>(
  { key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key },
  option: T,
) {
  return (
    <li key={key} {...props}>
      <ListItemText primary={option.name} secondary={option.companyName} />
    </li>
  );
}

/** One of two ways (set or clear, add or remove) as a pair of toggle buttons. */
function TwoWay({
  label,
  first,
  onChange,
  names,
}: {
  label: string;
  first: boolean;
  onChange: (first: boolean) => void;
  names: [string, string];
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={first ? 'first' : 'second'}
      onChange={(_e, v) => v && onChange(v === 'first')}
      aria-label={label}
    >
      <ToggleButton value="first">{names[0]}</ToggleButton>
      <ToggleButton value="second">{names[1]}</ToggleButton>
    </ToggleButtonGroup>
  );
}
