import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useRouterState } from '@tanstack/react-router';
import { memo, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListItemLink } from '../../components/list-item-link';
import { visuallyHidden } from '../../components/visually-hidden';
import { useMenuBadgeCounts } from '../../features/items/statistics';
import { usePresentationMode } from '../../lib/presentation-mode';
import { readStorage, writeStorage } from '../../lib/storage';
import { menuIcons } from './menu-icons';
import { isActivePath, type MenuEntry, type MenuSection, type MenuSectionKey, visibleMenu } from './menu-items';

interface SidebarMenuProps {
  claims: readonly string[];
  onNavigate?: () => void;
}

// 230 px is narrow for German compounds: wrap onto two lines, hyphenate where the browser can,
// and never let a long word run under the border. The active entry keeps the same weight (its
// background marks it): bold would widen "Verarbeitungstätigkeiten" just enough to split it mid-word.
const labelSx = (active: boolean) =>
  ({
    fontSize: '0.84rem',
    fontWeight: 500,
    color: active ? 'primary.main' : undefined,
    lineHeight: 1.3,
    hyphens: 'auto',
    overflowWrap: 'anywhere',
  }) as const;

const pillSx = {
  minWidth: 20,
  height: 20,
  px: 0.75,
  borderRadius: 10,
  fontSize: '0.72rem',
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  flexShrink: 0,
  ml: 0.5,
  bgcolor: 'action.selected',
  color: 'text.primary',
} as const;

const cap = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * An entry's icon; with urgent ones (due within 24 hours or overdue) a red count on its corner
 * (for the eye: the entry's text says it after its label). Red means urgent here as on the
 * status chips.
 */
function EntryIcon({ entryKey, urgent }: { entryKey: string; urgent: number }) {
  if (urgent <= 0) return <>{menuIcons[entryKey]}</>;
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
      {menuIcons[entryKey]}
      <Box
        component="span"
        data-badge="urgent"
        aria-hidden
        sx={{
          position: 'absolute',
          top: -7,
          right: -9,
          minWidth: 16,
          height: 16,
          px: 0.4,
          borderRadius: 8,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          fontSize: '0.65rem',
          fontWeight: 700,
          lineHeight: '16px',
          textAlign: 'center',
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
        }}
      >
        {cap(urgent)}
      </Box>
    </Box>
  );
}

/**
 * Memoised: the badge's counts and a navigation re-render only the entries they change, not the
 * whole menu (a re-render of every entry cost 26 ms of a page load on a slow machine).
 */
const MenuLink = memo(function MenuLink({
  entry,
  active,
  open,
  urgent,
  onNavigate,
}: {
  entry: MenuEntry;
  active: boolean;
  open?: number;
  urgent?: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`section.${entry.key}`);
  return (
    <ListItemLink
      to={entry.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ py: 0.5, pl: 1.25, pr: 1, mb: 0.125, minHeight: 30 }}
    >
      <ListItemIcon sx={{ minWidth: 32 }}>
        <EntryIcon entryKey={entry.key} urgent={open ? (urgent ?? 0) : 0} />
      </ListItemIcon>
      <ListItemText primary={label} sx={{ my: 0 }} slotProps={{ primary: { variant: 'body2', sx: labelSx(active) } }} />
      {!!open && (
        <>
          <Box component="span" data-badge="open" aria-hidden sx={pillSx}>
            {cap(open)}
          </Box>
          {/* Read after the label: "Datenpannen 3 offen, 1 innerhalb von 24 Stunden fällig oder überfällig". */}
          <Box component="span" sx={visuallyHidden}>
            {` ${t('nav.badge.open', { count: open })}`}
            {urgent ? `, ${t('nav.badge.urgent', { count: urgent })}` : ''}
          </Box>
        </>
      )}
    </ListItemLink>
  );
});

const OPEN_SECTION_KEY = 'pc.menuSection';

/** The section the user left open (per browser): the registers at first, none once all were closed. */
function readOpenSection(): MenuSectionKey | null {
  const raw = readStorage(OPEN_SECTION_KEY);
  if (raw === null) return 'registers';
  return raw === '' ? null : (raw as MenuSectionKey);
}

function Section({
  section,
  expanded,
  onToggle,
  pathname,
  onNavigate,
}: {
  section: MenuSection;
  expanded: boolean;
  onToggle: () => void;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <>
      <ListItemButton
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={listId}
        data-section={section.key}
        sx={{ py: 0.25, pl: 1.25, pr: 1, mt: 0.5, mb: 0.125, minHeight: 28 }}
      >
        <ListItemText
          sx={{ my: 0 }}
          primary={t(`nav.section.${section.key}`)}
          slotProps={{
            primary: {
              variant: 'overline',
              sx: { fontSize: '0.7rem', fontWeight: 700, letterSpacing: '0.06em', lineHeight: 1.6, color: 'text.secondary' },
            },
          }}
        />
        {expanded ? <ExpandLess fontSize="small" color="action" /> : <ExpandMore fontSize="small" color="action" />}
      </ListItemButton>
      {/* A closed section's entries are not rendered at all. */}
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={listId} component="div" disablePadding>
          {section.entries.map((entry) => (
            <MenuLink key={entry.key} entry={entry} active={isActivePath(pathname, entry.path)} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/**
 * The sidebar menu: first the time-critical registers with their badges (always shown), then the
 * sections Register, Verträge, Organisation and Auswertung, one open at a time (remembered per
 * browser, and the one of the page shown). Entries follow the route's
 * claims, which the server sent with the session.
 */
export function SidebarMenu({ claims, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  const counts = useMenuBadgeCounts();
  const presentationMode = usePresentationMode();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { urgent, sections } = visibleMenu(claims, presentationMode);
  const activeSection = sections.find((s) => s.entries.some((e) => isActivePath(pathname, e.path)))?.key;
  const [open, setOpen] = useState<MenuSectionKey | null>(() => activeSection ?? readOpenSection());
  // Arriving on a page of a closed section (a link, the search) opens it, so the page's entry shows.
  useEffect(() => {
    if (activeSection) setOpen(activeSection);
  }, [activeSection]);
  // One section open at a time: the open one always fits beside the first group.
  const toggle = (key: MenuSectionKey) => {
    const next = open === key ? null : key;
    setOpen(next);
    writeStorage(OPEN_SECTION_KEY, next ?? '');
  };

  return (
    <List component="nav" aria-label={t('nav.label')} sx={{ px: 0.75, py: 0.5 }}>
      {urgent.map((entry) => {
        const count = entry.badge ? counts[entry.badge] : undefined;
        return (
          <MenuLink
            key={entry.key}
            entry={entry}
            active={isActivePath(pathname, entry.path)}
            open={count?.open}
            urgent={count?.urgent}
            onNavigate={onNavigate}
          />
        );
      })}
      {sections.map((section) => (
        <Section
          key={section.key}
          section={section}
          expanded={open === section.key}
          onToggle={() => toggle(section.key)}
          pathname={pathname}
          onNavigate={onNavigate}
        />
      ))}
    </List>
  );
}
