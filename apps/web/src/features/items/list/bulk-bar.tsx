import DeleteOutline from '@mui/icons-material/Delete';
import Event from '@mui/icons-material/Event';
import FileDownload from '@mui/icons-material/FileDownload';
import LocalOffer from '@mui/icons-material/LocalOffer';
import PersonOutline from '@mui/icons-material/Person';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { BULK_UNDO_SECONDS, type BulkRequest, type BulkResult, type Item, type ItemTypeKey, itemStatuses } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectionBar } from '../../../components/data-grid/selection-bar';
import type { GridSelectionState } from '../../../components/data-grid/use-grid-selection';
import { StatusDot } from '../../../components/status-chip';
import { errorText } from '../../../lib/messages';
import { dismissAll, notify, notifyUndo } from '../../../lib/notify';
import { type BulkRegister, invalidateRegister, runBulk, undoBulk } from '../api';
import { DueDateDialog, PersonDialog, TagsDialog } from './bulk-dialogs';
import { tagTypesOf } from './list-state';

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

  const frame = { count, busy, onClose: () => setDialog(null) };
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
        <PersonDialog field={dialog} {...frame} onSave={(id) => void run({ set: { [`${dialog}Id`]: id } })} />
      )}
      {dialog === 'dueDate' && <DueDateDialog {...frame} onSave={(d) => void run({ set: { dueDate: d } })} />}
      {dialog === 'tags' && (
        <TagsDialog
          tagTypes={tagTypes}
          {...frame}
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
