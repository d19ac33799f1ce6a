import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import DeleteOutline from '@mui/icons-material/Delete';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { SavedView, SavedViewInput } from '@pc/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSavedViews, useViewMutations } from '../../lib/saved-views';
import { DialogFrame } from '../dialog-frame';

/** What a saved view holds of a list, in the list endpoint's own terms. */
export type ViewSnapshot = Pick<SavedViewInput, 'filter' | 'sort' | 'dir' | 'columns'>;

interface SavedViewsMenuProps {
  /** The list the views belong to (a register's type, or `service-agreement`). */
  register: string;
  /** The list as it is now. */
  current: () => ViewSnapshot;
  /** Shows a saved view. */
  apply: (view: SavedView) => void;
  /** The list was opened plainly (its URL names no view): the default view, if any, is shown. */
  plain: boolean;
}

/**
 * The views menu of a list: the user's saved views to choose, the default marked with a star
 * (one per list), "save current view" and deleting one.
 */
export function SavedViewsMenu({ register, current, apply, plain }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const views = useSavedViews(register);
  const { save, remove } = useViewMutations(register);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const menuId = useId();

  // Once per opening of the list: a plain link shows the default view.
  const appliedDefault = useRef(false);
  useEffect(() => {
    if (appliedDefault.current || !views.data) return;
    appliedDefault.current = true;
    const def = views.data.find((v) => v.isDefault);
    if (def && plain) apply(def);
  }, [views.data, plain, apply]);

  const failed = (e: unknown) => notify(errorText(t, e), 'error');
  const toggleDefault = (v: SavedView) =>
    save.mutate(
      {
        id: v.id,
        body: {
          register,
          name: v.name,
          filter: v.filter,
          sort: v.sort as never,
          dir: v.dir,
          columns: v.columns,
          isDefault: !v.isDefault,
        },
      },
      { onError: failed },
    );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkBorder />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
      >
        {t('grid.views.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(views.data ?? []).map((v) => (
          <MenuItem
            key={v.id}
            onClick={() => {
              setAnchor(null);
              apply(v);
            }}
            sx={{ gap: 1, minWidth: 280 }}
          >
            <ListItemText primary={v.name} secondary={v.isDefault ? t('grid.views.default') : undefined} />
            <Tooltip title={v.isDefault ? t('grid.views.unsetDefault') : t('grid.views.setDefault')}>
              <IconButton
                size="small"
                aria-label={`${v.isDefault ? t('grid.views.unsetDefault') : t('grid.views.setDefault')}: ${v.name}`}
                aria-pressed={v.isDefault}
                onClick={(e) => {
                  e.stopPropagation();
                  toggleDefault(v);
                }}
              >
                {v.isDefault ? <Star fontSize="small" color="warning" /> : <StarBorder fontSize="small" />}
              </IconButton>
            </Tooltip>
            <Tooltip title={t('grid.views.delete')}>
              <IconButton
                size="small"
                aria-label={`${t('grid.views.delete')}: ${v.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  remove.mutate(v.id, { onError: failed });
                }}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </MenuItem>
        ))}
        {views.data && views.data.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={t('grid.views.none')} />
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setSaving(true);
          }}
        >
          {t('grid.views.saveCurrent')}
        </MenuItem>
      </Menu>
      {saving && (
        <SaveViewDialog
          busy={save.isPending}
          onClose={() => setSaving(false)}
          onSave={(name, isDefault) =>
            save.mutate(
              { id: null, body: { register, name, isDefault, ...current() } },
              {
                onSuccess: () => {
                  setSaving(false);
                  notify(t('grid.views.saved', { name }), 'success');
                },
                onError: (e) => (isApiError(e) && e.status === 422 ? undefined : failed(e)),
              },
            )
          }
          error={save.error}
        />
      )}
    </>
  );
}

function SaveViewDialog({
  busy,
  error,
  onClose,
  onSave,
}: {
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (name: string, isDefault: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [isDefault, setDefault] = useState(false);
  const fieldError = isApiError(error) && error.status === 422 ? t('grid.views.nameTaken') : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onSave(name.trim(), isDefault);
  };
  return (
    <DialogFrame
      title={t('grid.views.saveTitle')}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      width={480}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <TextField
          autoFocus
          label={t('grid.views.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 80 } }}
          error={!!fieldError}
          helperText={fieldError ?? ' '}
        />
        <FormControlLabel
          control={<Checkbox checked={isDefault} onChange={(e) => setDefault(e.target.checked)} />}
          label={t('grid.views.asDefault')}
        />
      </Box>
    </DialogFrame>
  );
}
