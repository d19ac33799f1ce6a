import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { itemStatuses, SEARCH_QUERY_MAX, type SearchableItem, statusColour, statusHex } from '@pc/shared';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/search-field';
import { useSession } from '../../lib/session/session-store';
import { useItemSearch } from './api';
import { moveActive, searchTarget } from './search-target';

const DEBOUNCE_MS = 300;
/** The dropdown is 500 px wide. */
const PANEL_WIDTH = 500;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function statusName(status: number): string {
  return itemStatuses.find((s) => s.code === status)?.name ?? 'done';
}

function ResultRow({ item, active, id, onChoose }: { item: SearchableItem; active: boolean; id: string; onChoose: () => void }) {
  const { t } = useTranslation();
  const type =
    item.type === 'document'
      ? item.parentType
        ? t('search.documentIn', { type: t(`section.${item.parentType}`) })
        : t('search.document')
      : t([`section.${item.type}`, 'section.unknown']);
  // An attachment shows its item's status; one on no item has none to show.
  const colour = item.status === null ? null : statusColour(item.status);
  return (
    <Box
      component="li"
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
      data-result={item.number}
      sx={{
        display: 'flex',
        gap: 1.25,
        px: 2,
        py: 1,
        cursor: 'pointer',
        bgcolor: active ? 'action.selected' : undefined,
        '&:hover': { bgcolor: active ? 'action.selected' : 'action.hover' },
        '& + li': { borderTop: '1px solid', borderColor: 'divider' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          flexShrink: 0,
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: colour ? statusHex[colour] : undefined,
          border: colour === 'white' || !colour ? '1px solid #9e9e9e' : undefined,
        }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {[item.number, type, item.status === null ? '' : t(`search.status.${statusName(item.status)}`)]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {item.companyName}
        </Typography>
      </Box>
    </Box>
  );
}

/** The search bar: debounced search, 500 px dropdown, keyboard navigation. */
export function SearchBar() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const navigate = useNavigate();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const debounced = useDebounced(query.trim(), DEBOUNCE_MS);

  const search = useItemSearch(debounced);
  const results = debounced !== '' ? (search.data ?? []) : [];

  // Changing the scope clears the results and the query.
  const lastScope = useRef(scopeId);
  useEffect(() => {
    if (lastScope.current === scopeId) return;
    lastScope.current = scopeId;
    setQuery('');
    setOpen(false);
    setActive(-1);
  }, [scopeId]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    if (phone) setExpanded(false);
  };

  const choose = (item: SearchableItem) => {
    const href = searchTarget(item);
    if (!href) return;
    close();
    setQuery('');
    void navigate({ href });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((a) => moveActive(a, event.key === 'ArrowDown' ? 1 : -1, results.length));
        break;
      case 'Enter': {
        const item = results[active] ?? (results.length === 1 ? results[0] : undefined);
        if (item) {
          event.preventDefault();
          choose(item);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (open && query) setOpen(false);
        else {
          setQuery('');
          close();
        }
        break;
    }
  };

  const showPanel = open && debounced !== '';
  const busy = search.isFetching && debounced !== '';

  if (phone && !expanded) {
    return (
      <Tooltip title={t('search.open')}>
        <IconButton aria-label={t('search.open')} onClick={() => setExpanded(true)}>
          <Search />
        </IconButton>
      </Tooltip>
    );
  }

  const field = (
    <Box ref={anchorRef} role="search" sx={{ width: phone ? '100%' : { sm: 220, md: 320, lg: 380 } }}>
      <SearchField
        inputRef={inputRef}
        value={query}
        placeholder={t('search.placeholder')}
        variant="outlined"
        busy={busy}
        fullWidth
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        // The app bar's field: a grey pill until focused, its own clear button (on a phone also the way out).
        sx={{
          '& .MuiOutlinedInput-root': {
            height: 40,
            px: 1.5,
            borderRadius: 2,
            fontSize: '0.95rem',
            bgcolor: 'grey.100',
            transition: theme.transitions.create('border-color'),
            '&.Mui-focused': { bgcolor: 'background.paper' },
          },
          '& .MuiOutlinedInput-notchedOutline, &:hover .MuiOutlinedInput-notchedOutline': {
            borderColor: showPanel ? 'primary.main' : 'transparent',
          },
          '& .Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: 'primary.main', borderWidth: 1 },
          '& .MuiInputAdornment-positionStart .MuiSvgIcon-root': { color: 'action.active' },
          '& input::-webkit-search-cancel-button': { display: 'none' },
        }}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-label': t('search.label'),
            'aria-expanded': showPanel,
            'aria-controls': showPanel ? listId : undefined,
            'aria-autocomplete': 'list',
            'aria-activedescendant': showPanel && active >= 0 ? optionId(active) : undefined,
            spellCheck: false,
            maxLength: SEARCH_QUERY_MAX,
          },
          input: {
            endAdornment: (query || phone) && (
              <IconButton
                size="small"
                edge="end"
                sx={{ ml: 1 }}
                aria-label={phone && !query ? t('search.close') : t('search.clear')}
                onClick={() => {
                  if (query) {
                    setQuery('');
                    inputRef.current?.focus();
                  } else close();
                }}
              >
                <Close fontSize="small" />
              </IconButton>
            ),
          },
        }}
      />
    </Box>
  );

  return (
    <ClickAwayListener onClickAway={() => (phone ? close() : setOpen(false))}>
      <Box
        sx={
          phone
            ? {
                position: 'fixed',
                top: 0,
                left: 0,
                right: 0,
                height: 64,
                px: 1,
                display: 'flex',
                alignItems: 'center',
                bgcolor: 'background.paper',
                borderBottom: '1px solid',
                borderColor: 'divider',
                zIndex: theme.zIndex.appBar + 1,
              }
            : { ml: 1 }
        }
      >
        {field}
        <Popper
          open={showPanel}
          anchorEl={anchorRef.current}
          placement="bottom-start"
          sx={{ zIndex: theme.zIndex.modal, width: PANEL_WIDTH, maxWidth: 'calc(100vw - 16px)' }}
          modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
        >
          <Paper elevation={8} sx={{ maxHeight: 'min(70vh, 560px)', overflowY: 'auto' }} data-search-panel>
            {search.isError ? (
              <Typography color="error" variant="body2" sx={{ p: 2 }}>
                {t('search.error')}
              </Typography>
            ) : search.isPending ? (
              <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
                <CircularProgress size={24} aria-label={t('search.label')} />
              </Box>
            ) : results.length === 0 ? (
              <Typography color="text.secondary" variant="body2" sx={{ p: 2 }} role="status">
                {t('search.noResults', { query: debounced })}
              </Typography>
            ) : (
              <Box
                component="ul"
                id={listId}
                role="listbox"
                aria-label={t('search.results')}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {results.map((item, i) => (
                  <ResultRow
                    key={`${item.type}-${item.id}`}
                    item={item}
                    id={optionId(i)}
                    active={i === active}
                    onChoose={() => choose(item)}
                  />
                ))}
              </Box>
            )}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
