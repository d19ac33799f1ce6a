import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import { DialogFrame } from '../../components/dialog-frame';
import { SearchField } from '../../components/search-field';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { usePresentationMode } from '../../lib/presentation-mode';
import { useSession } from '../../lib/session/session-store';
import { useScopeChoices, useSetScope } from './api';
import { TILE_HEIGHT } from './company-tile';
import { type ScopeEntry, scopeEntries } from './scope-entries';
import { ScopeRow, type ScopeRowProps } from './scope-row';

interface ScopeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Company scope selection, 500×600, 72 px from the top and 8 px from the right. */
export function ScopeDialog({ open, onClose }: ScopeDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      open={open}
      title={t('scope.title')}
      titleAside={
        <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ my: -1, mr: -1.5 }}>
          <Close />
        </IconButton>
      }
      onClose={onClose}
      width={500}
      height={600}
      placement="popup"
      bare
    >
      {/* Content unmounts on close, which clears the search box. */}
      <ScopeDialogContent onClose={onClose} />
    </DialogFrame>
  );
}

function ScopeDialogContent({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [activeOnly, setActiveOnly] = useState(true);
  const [activeIndex, setActiveIndex] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useListRef(null);
  const presentationMode = usePresentationMode();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const companies = useScopeChoices();
  const setScope = useSetScope();

  const entries: ScopeEntry[] = useMemo(
    () =>
      scopeEntries(companies.data ?? [], {
        query,
        activeOnly,
        presentationMode,
        scopeId,
        locale: i18n.language,
      }),
    [companies.data, query, activeOnly, presentationMode, scopeId, i18n.language],
  );
  const tabbableIndex = Math.min(activeIndex, Math.max(entries.length - 1, 0));

  const focusTile = (index: number) => {
    if (entries.length === 0) return;
    const target = Math.max(0, Math.min(index, entries.length - 1));
    setActiveIndex(target);
    listRef.current?.scrollToRow({ index: target, align: 'auto' });
    const tile = () => listRef.current?.element?.querySelector<HTMLElement>(`[data-tile-index="${target}"]`);
    const rendered = tile();
    if (rendered) rendered.focus();
    // A row far away only renders after the scroll; focus it on the next frames.
    else requestAnimationFrame(() => requestAnimationFrame(() => tile()?.focus()));
  };

  const onTileKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + 5,
      PageUp: index - 5,
      Home: 0,
      End: entries.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && index === 0) searchRef.current?.focus();
    else focusTile(moves[event.key] ?? index);
  };

  const choose = (entry: ScopeEntry) => {
    if (setScope.isPending) return;
    const companyId = entry.kind === 'all' ? null : entry.company.id;
    setScope.mutate(companyId, {
      onSuccess: () => {
        notify(entry.kind === 'all' ? t('scope.cleared') : t('scope.changed', { name: entry.company.name }), 'success');
        onClose();
      },
      onError: (error) => notify(errorText(t, error), 'error'),
    });
  };

  const rowProps: ScopeRowProps = {
    entries,
    scopeId,
    tabbableIndex,
    onChoose: choose,
    onTileKeyDown,
    onTileFocus: setActiveIndex,
  };
  const companyCount = entries.filter((e) => e.kind === 'company').length;

  return (
    <>
      <Box sx={{ px: 3, pb: 1 }}>
        <SearchField
          inputRef={searchRef}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              focusTile(tabbableIndex);
            }
          }}
          label={t('scope.search')}
          autoFocus
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={activeOnly}
                onChange={(event) => {
                  setActiveOnly(event.target.checked);
                  setActiveIndex(0);
                }}
              />
            }
            label={t('scope.activeOnly')}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {companies.isSuccess ? t('scope.count', { count: companyCount }) : ''}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ height: 4 }}>{setScope.isPending && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <Box sx={{ flex: 1, minHeight: 0, borderTop: '1px solid', borderColor: 'divider', bgcolor: 'grey.50' }}>
        {companies.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress size={28} aria-label={t('common.loading')} />
          </Box>
        )}
        {companies.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(t, companies.error)}
          </Alert>
        )}
        {companies.isSuccess && entries.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('scope.noMatch')}
          </Typography>
        )}
        {companies.isSuccess && entries.length > 0 && (
          <List
            listRef={listRef}
            aria-label={t('scope.listLabel')}
            rowComponent={ScopeRow}
            rowCount={entries.length}
            rowHeight={TILE_HEIGHT}
            rowProps={rowProps}
            overscanCount={4}
            style={{ height: '100%' }}
          />
        )}
      </Box>
    </>
  );
}
