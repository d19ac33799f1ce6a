import DeleteOutline from '@mui/icons-material/Delete';
import Event from '@mui/icons-material/Event';
import FileDownload from '@mui/icons-material/FileDownload';
import LocalOffer from '@mui/icons-material/LocalOffer';
import PersonOutline from '@mui/icons-material/Person';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  BULK_UNDO_SECONDS,
  type BulkRequest,
  type BulkResult,
  type Item,
  type ItemTypeKey,
  itemStatuses,
  itemTypeDefs,
  type TagType,
} from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectionBar } from '../../../components/data-grid/selection-bar';
import type { GridSelectionState } from '../../../components/data-grid/use-grid-selection';
import { DialogFrame } from '../../../components/dialog-frame';
import { DATE_FORMAT } from '../../../components/pickers-provider';
import { StatusDot } from '../../../components/status-chip';
import { toDay } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { dismissAll, notify, notifyUndo } from '../../../lib/notify';
import { useUserLookup } from '../../../lib/user-lookup';
import { type BulkRegister, invalidateRegister, runBulk, undoBulk, useTags } from '../api';

/** At most this many skipped items are named in the result message; the rest are counted. */
const NAMED_SKIPS = 5;

/** The result of a bulk action in a sentence: how many changed, which were skipped and why. */
export function bulkResultText(t: TFunction, result: BulkResult, deleted = false): string {
  const done = deleted ? t('items.bulk.deleted', { count: result.changed }) : t('items.bulk.changed', { count: result.changed });
  if (!result.skipped.length) return done;
  const named = result.skipped
    .slice(0, NAMED_SKIPS)
    .map((s) => `${s.number ?? t('items.bulk.unknownItem')} (${t(`items.bulk.reason.${s.reason}`)})`);
  const more = result.skipped.length - named.length;
  const list = more > 0 ? `${named.join(', ')} ${t('items.bulk.andMore', { count: more })}` : named.join(', ');
  return `${done} ${t('items.bulk.skipped', { count: result.skipped.length, list })}`;
}

/** The kinds of tag the register's items carry (the service-agreement list: those of all three kinds). */
function tagTypesOf(types: readonly ItemTypeKey[]): TagType[] {
  const kinds = new Set<TagType>();
  for (const type of types) {
    for (const f of itemTypeDefs[type].fields) if (f.kind === 'tags') kinds.add(f.tagType as TagType);
  }
  return [...kinds];
}

type OpenDialog = 'assignee' | 'owner' | 'dueDate' | 'tags' | 'delete' | null;

interface ItemBulkBarProps {
  register: BulkRegister;
  types: readonly ItemTypeKey[];
  selection: GridSelectionState<Item>;
  total: number;
  /** The list's filter in the list endpoint's terms (for "all matches"). */
  filter: () => Record<string, string>;
  /** Downloads the chosen rows (or every match) as Excel. */
  onExport: (items: Item[] | 'all') => Promise<void>;
  exporting: boolean;
  /** The user holds the register's Write claim (of one of its kinds): without it, only the export. */
  canWrite: boolean;
}

/**
 * The actions on the chosen items of a register: status, assignee, owner, due date, tags, export
 * and delete (with an undo for a few seconds). One request each; the answer names skipped items.
 */
export function ItemBulkBar({ register, types, selection, total, filter, onExport, exporting, canWrite }: ItemBulkBarProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState(false);
  const [statusAnchor, setStatusAnchor] = useState<HTMLElement | null>(null);
  const statusMenuId = useId();
  const tagTypes = tagTypesOf(types);
  const count = selection.all ? total : selection.rows.size;
  if (count === 0) return null;

  const target = (): Pick<BulkRequest, 'ids' | 'filter'> =>
    selection.all ? { filter: filter() as BulkRequest['filter'] } : { ids: [...selection.rows.keys()] };

  async function run(action: Omit<BulkRequest, 'ids' | 'filter'>) {
    setBusy(true);
    try {
      const result = await runBulk(register, { ...target(), ...action });
      invalidateRegister(client, register);
      setDialog(null);
      if (action.delete) {
        selection.clear();
        const undoId = result.undoId;
        if (undoId)
          notifyUndo(
            bulkResultText(t, result, true),
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                dismissAll();
                void restore(undoId);
              }}
              sx={{ fontWeight: 700 }}
            >
              {t('items.bulk.undo')}
            </Button>,
          );
        else notify(bulkResultText(t, result, true), result.skipped.length ? 'warning' : 'success');
      } else {
        notify(bulkResultText(t, result), result.skipped.length ? 'warning' : 'success');
      }
    } catch (e) {
      notify(errorText(t, e), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function restore(id: string) {
    try {
      const { restored } = await undoBulk(register, id);
      invalidateRegister(client, register);
      notify(t('items.bulk.restored', { count: restored }), 'success');
    } catch (e) {
      notify(errorText(t, e), 'error');
    }
  }

  return (
    <>
      {count > 0 && (
        <SelectionBar
          count={selection.all ? null : selection.rows.size}
          total={total}
          pageChosen={selection.pageChosen}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
        >
          {canWrite && (
            <>
              <Button
                size="small"
                disabled={busy}
                onClick={(e) => setStatusAnchor(e.currentTarget)}
                startIcon={<StatusDot status={1} size={10} />}
                aria-haspopup="menu"
                aria-controls={statusAnchor ? statusMenuId : undefined}
              >
                {t('items.bulk.status')}
              </Button>
              <Button size="small" disabled={busy} startIcon={<PersonOutline />} onClick={() => setDialog('assignee')}>
                {t('items.field.assignee')}
              </Button>
              <Button size="small" disabled={busy} startIcon={<SupervisorAccount />} onClick={() => setDialog('owner')}>
                {t('items.field.owner')}
              </Button>
              <Button size="small" disabled={busy} startIcon={<Event />} onClick={() => setDialog('dueDate')}>
                {t('items.field.dueDate')}
              </Button>
              {tagTypes.length > 0 && (
                <Button size="small" disabled={busy} startIcon={<LocalOffer />} onClick={() => setDialog('tags')}>
                  {t('items.field.tags')}
                </Button>
              )}
            </>
          )}
          <Button
            size="small"
            disabled={busy || exporting}
            startIcon={<FileDownload />}
            onClick={() => void onExport(selection.all ? 'all' : [...selection.rows.values()])}
          >
            {t('items.bulk.export')}
          </Button>
          {canWrite && (
            <Button size="small" color="error" disabled={busy} startIcon={<DeleteOutline />} onClick={() => setDialog('delete')}>
              {t('items.bulk.delete')}
            </Button>
          )}
        </SelectionBar>
      )}
      <Menu id={statusMenuId} anchorEl={statusAnchor} open={!!statusAnchor} onClose={() => setStatusAnchor(null)}>
        {itemStatuses.map((s) => (
          <MenuItem
            key={s.code}
            onClick={() => {
              setStatusAnchor(null);
              void run({ set: { status: s.code } });
            }}
          >
            <StatusDot status={s.code} />
            <ListItemText primary={t(`status.${s.name}`)} sx={{ ml: 1 }} />
          </MenuItem>
        ))}
      </Menu>
      {(dialog === 'assignee' || dialog === 'owner') && (
        <PersonDialog
          field={dialog}
          count={count}
          busy={busy}
          onClose={() => setDialog(null)}
          onSave={(id) => void run({ set: { [`${dialog}Id`]: id } })}
        />
      )}
      {dialog === 'dueDate' && (
        <DueDateDialog
          count={count}
          busy={busy}
          onClose={() => setDialog(null)}
          onSave={(d) => void run({ set: { dueDate: d } })}
        />
      )}
      {dialog === 'tags' && (
        <TagsDialog
          tagTypes={tagTypes}
          count={count}
          busy={busy}
          onClose={() => setDialog(null)}
          onSave={(add, ids) => void run(add ? { addTagIds: ids } : { removeTagIds: ids })}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('items.bulk.deleteTitle', { count })}
        text={t('items.bulk.deleteText', { count, seconds: BULK_UNDO_SECONDS })}
        confirmLabel={t('items.bulk.deleteConfirm', { count })}
        danger
        busy={busy}
        onConfirm={() => void run({ delete: true })}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function BulkDialog({
  title,
  count,
  busy,
  canSave,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  count: number;
  busy: boolean;
  canSave: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
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
        if (canSave) onSubmit();
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

function PersonDialog({
  field,
  count,
  busy,
  onClose,
  onSave,
}: {
  field: 'assignee' | 'owner';
  count: number;
  busy: boolean;
  onClose: () => void;
  onSave: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const users = useUserLookup();
  const [chosen, setChosen] = useState<{ id: string; name: string; companyName: string } | null>(null);
  const [clear, setClear] = useState(false);
  return (
    <BulkDialog
      title={t('items.bulk.setField', { field: t(`items.field.${field}`) })}
      count={count}
      busy={busy}
      canSave={clear || !!chosen}
      onClose={onClose}
      onSubmit={() => onSave(clear ? null : chosen!.id)}
    >
      <Autocomplete
        options={users.data ?? []}
        loading={users.isPending}
        value={chosen}
        disabled={clear}
        onChange={(_e, v) => setChosen(v)}
        getOptionLabel={(u) => u.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={({ key, ...props }, u) => (
          <li key={key} {...props}>
            <ListItemText primary={u.name} secondary={u.companyName} />
          </li>
        )}
        renderInput={(params) => <TextField {...params} autoFocus label={t(`items.field.${field}`)} />}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={clear ? 'clear' : 'set'}
        onChange={(_e, v) => v && setClear(v === 'clear')}
        aria-label={t('items.bulk.setOrClear')}
      >
        <ToggleButton value="set">{t('items.bulk.setPerson')}</ToggleButton>
        <ToggleButton value="clear">{t('items.bulk.clearPerson')}</ToggleButton>
      </ToggleButtonGroup>
    </BulkDialog>
  );
}

function DueDateDialog({
  count,
  busy,
  onClose,
  onSave,
}: {
  count: number;
  busy: boolean;
  onClose: () => void;
  onSave: (day: string | null) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Dayjs | null>(null);
  const valid = value === null || value.isValid();
  return (
    <BulkDialog
      title={t('items.bulk.setField', { field: t('items.field.dueDate') })}
      count={count}
      busy={busy}
      canSave={valid}
      onClose={onClose}
      onSubmit={() => onSave(value ? toDay(value.toDate()) : null)}
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

function TagsDialog({
  tagTypes,
  count,
  busy,
  onClose,
  onSave,
}: {
  tagTypes: TagType[];
  count: number;
  busy: boolean;
  onClose: () => void;
  onSave: (add: boolean, ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const [add, setAdd] = useState(true);
  const [kind, setKind] = useState<TagType>(tagTypes[0]!);
  const tags = useTags(kind);
  const [chosen, setChosen] = useState<{ id: string; name: string; companyName: string }[]>([]);
  return (
    <BulkDialog
      title={t('items.bulk.tagsTitle')}
      count={count}
      busy={busy}
      canSave={chosen.length > 0}
      onClose={onClose}
      onSubmit={() =>
        onSave(
          add,
          chosen.map((c) => c.id),
        )
      }
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={add ? 'add' : 'remove'}
        onChange={(_e, v) => v && setAdd(v === 'add')}
        aria-label={t('items.bulk.tagsTitle')}
      >
        <ToggleButton value="add">{t('items.bulk.addTags')}</ToggleButton>
        <ToggleButton value="remove">{t('items.bulk.removeTags')}</ToggleButton>
      </ToggleButtonGroup>
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
        renderOption={({ key, ...props }, x) => (
          <li key={key} {...props}>
            <ListItemText primary={x.name} secondary={x.companyName} />
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={t('items.field.tags')} />}
      />
    </BulkDialog>
  );
}
