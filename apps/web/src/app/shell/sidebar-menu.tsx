import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useRouterState } from '@tanstack/react-router';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListItemLink } from '../../components/list-item-link';
import { useOpenIssueCount } from '../../features/items/statistics';
import { menuIcons } from './menu-icons';
import { isActivePath, type MenuEntry, visibleMenu } from './menu-items';

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

/**
 * Memoised: the badge's count and a navigation re-render only the entries they change, not the
 * whole menu (a re-render of every entry cost 26 ms of a page load on a slow machine).
 */
const MenuLink = memo(function MenuLink({
  entry,
  active,
  openIssues,
  onNavigate,
  nested,
}: {
  entry: MenuEntry;
  active: boolean;
  openIssues?: number;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`section.${entry.key}`);
  const showBadge = entry.badge === 'openIssues' && typeof openIssues === 'number' && openIssues > 0;
  return (
    <ListItemLink
      to={entry.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ py: 0.6, pl: nested ? 2.25 : 1.25, pr: 1, mb: 0.25 }}
    >
      <ListItemIcon sx={{ minWidth: 32 }}>{menuIcons[entry.key]}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', sx: labelSx(active) } }} />
      {showBadge && (
        <Badge
          badgeContent={openIssues}
          color="error"
          max={99}
          aria-label={t('nav.openIssues', { count: openIssues })}
          sx={{ mr: 1.5 }}
        />
      )}
    </ListItemLink>
  );
});

/** Spec 000 §2 menu: main entries, then a 'more' group; each entry gated by its Read claim. */
export function SidebarMenu({ claims, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  // Known once the count endpoint answers; the badge shows from then on.
  const openIssues = useOpenIssueCount();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { main, more } = visibleMenu(claims);
  const moreActive = more.some((e) => isActivePath(pathname, e.path));
  const [moreOpen, setMoreOpen] = useState(moreActive);
  const moreId = useId();
  const expanded = moreOpen || moreActive;

  return (
    <List component="nav" aria-label={t('nav.label')} sx={{ px: 0.75, py: 0.5 }}>
      {main.map((entry) => (
        <MenuLink
          key={entry.key}
          entry={entry}
          active={isActivePath(pathname, entry.path)}
          openIssues={entry.badge === 'openIssues' ? openIssues : undefined}
          onNavigate={onNavigate}
        />
      ))}
      {more.length > 0 && (
        <>
          <ListItemButton
            onClick={() => setMoreOpen(!expanded)}
            aria-expanded={expanded}
            aria-controls={moreId}
            sx={{ py: 0.6, pl: 1.25, pr: 1, mb: 0.25 }}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <MoreHoriz fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('nav.more')} slotProps={{ primary: { variant: 'body2', sx: labelSx(false) } }} />
            {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          {/* Closed, its entries are not rendered at all: most page loads never open it. */}
          <Collapse in={expanded} timeout="auto" unmountOnExit>
            <List id={moreId} component="div" disablePadding>
              {more.map((entry) => (
                <MenuLink
                  key={entry.key}
                  entry={entry}
                  nested
                  active={isActivePath(pathname, entry.path)}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </Collapse>
        </>
      )}
    </List>
  );
}
