import Business from '@mui/icons-material/Business';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Menu from '@mui/icons-material/Menu';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Slideshow from '@mui/icons-material/Slideshow';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnvironmentChip } from '../../components/environment-chip';
import { ProductLogo } from '../../components/product-logo';
import { useUpcomingAppointmentCount } from '../../features/calendar/api';
import { HelpButton } from '../../features/help/help-button';
import { IdentityPanel } from '../../features/identity/identity-panel';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useConfig } from '../../lib/config';
import { hasClaim } from '../../lib/permissions';
import { setPresentationMode, usePresentationMode } from '../../lib/presentation-mode';
import { useSession } from '../../lib/session/session-store';
import { TOOLBAR_HEIGHT } from '../theme';
import { SearchBarSlot, UploadIndicatorSlot } from './toolbar-slots';
import { useShellLocked } from './use-shell-locked';

const ScopeDialog = lazy(() => import('../../features/scope/scope-dialog').then((m) => ({ default: m.ScopeDialog })));
const WebcastDialog = lazy(() => import('../../features/webcast/webcast-dialog').then((m) => ({ default: m.WebcastDialog })));

interface TopToolbarProps {
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  /** Appointment count for the calendar badge; shown once the count is known. */
  appointments?: number;
}

/** The top toolbar, left to right. */
export function TopToolbar({ sidebarOpen, sidebarId, onToggleSidebar, appointments }: TopToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const me = useSession((s) => s.me);
  const locked = useShellLocked();
  const presentationMode = usePresentationMode();
  const [dialog, setDialog] = useState<'scope' | 'webcast' | null>(null);
  const scope = me?.scopeCompany ?? null;
  const upcoming = useUpcomingAppointmentCount(!locked && hasClaim(me, 'Appointment.Read'));
  const appointmentCount = appointments ?? upcoming.data;
  const scopeLabel = scope?.name ?? t('scope.allCompanies');

  // A lock (HTTP 412) leaves only its forced page: close whatever dialog was open.
  useEffect(() => {
    if (locked) setDialog(null);
  }, [locked]);

  return (
    <AppBar position="sticky" sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ minHeight: { xs: TOOLBAR_HEIGHT }, gap: { xs: 0.25, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
        {!locked && (
          <Tooltip title={t(sidebarOpen ? 'toolbar.hideMenu' : 'toolbar.showMenu')}>
            <IconButton
              edge="start"
              onClick={onToggleSidebar}
              aria-label={t(sidebarOpen ? 'toolbar.hideMenu' : 'toolbar.showMenu')}
              aria-expanded={sidebarOpen}
              aria-controls={sidebarId}
            >
              <Menu />
            </IconButton>
          </Tooltip>
        )}
        {presentationMode && (
          // Shown while presenting, so the mode can be left without opening the identity popup.
          <Tooltip title={t('toolbar.endPresentationMode')}>
            <IconButton
              color="secondary"
              aria-pressed
              onClick={() => setPresentationMode(false)}
              aria-label={t('toolbar.endPresentationMode')}
            >
              <Slideshow />
            </IconButton>
          </Tooltip>
        )}
        {locked && (
          // Without the sidebar the toolbar carries the product mark.
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1 }}>
            <ProductLogo size={32} />
            <Typography variant="subtitle1" component="span" color="primary.dark" noWrap>
              {config.productName}
            </Typography>
            <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
              <EnvironmentChip environment={config.environment} />
            </Box>
          </Box>
        )}
        <UploadIndicatorSlot />
        {/* Locked (HTTP 412): every search would answer 412 too. */}
        {!locked && <SearchBarSlot />}
        <Box sx={{ flexGrow: 1 }} />

        {config.webcastUrl && (
          <Tooltip title={t('webcast.button')}>
            <IconButton aria-label={t('webcast.button')} onClick={() => setDialog('webcast')}>
              <OndemandVideo />
            </IconButton>
          </Tooltip>
        )}
        <HelpButton />
        {!locked && hasClaim(me, 'User.SwitchCompany') && (
          <>
            <Button
              color="inherit"
              onClick={() => setDialog('scope')}
              aria-haspopup="dialog"
              aria-label={t('toolbar.chooseCompany', { name: scopeLabel })}
              startIcon={<Business />}
              endIcon={<ExpandMore />}
              sx={{
                display: { xs: 'none', sm: 'inline-flex' },
                maxWidth: 260,
                px: 1.5,
                color: 'text.primary',
                bgcolor: 'grey.100',
                '&:hover': { bgcolor: 'grey.200' },
              }}
            >
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {scopeLabel}
              </Box>
            </Button>
            <Tooltip title={scopeLabel}>
              <IconButton
                onClick={() => setDialog('scope')}
                aria-haspopup="dialog"
                aria-label={t('toolbar.chooseCompany', { name: scopeLabel })}
                sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
              >
                <Business />
              </IconButton>
            </Tooltip>
          </>
        )}
        {!locked && hasClaim(me, 'Appointment.Read') && (
          <Tooltip title={t('section.calendar')}>
            <IconButton
              aria-label={
                appointmentCount
                  ? `${t('section.calendar')}, ${t('calendar.upcoming', { count: appointmentCount })}`
                  : t('section.calendar')
              }
              onClick={() => void navigate({ href: '/calendar' })}
            >
              <Badge badgeContent={appointmentCount || undefined} color="secondary" invisible={!appointmentCount} max={99}>
                <CalendarMonth />
              </Badge>
            </IconButton>
          </Tooltip>
        )}
        {!locked && hasClaim(me, 'Document.ReadExtended') && (
          <Tooltip title={scope ? t('section.documents') : t('toolbar.documentsNeedScope')}>
            <span>
              <IconButton
                aria-label={t('section.documents')}
                disabled={!scope}
                onClick={() => void navigate({ href: '/documents' })}
              >
                <FolderOpen />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {!locked && <NotificationBell enabled={!locked} />}
        <IdentityPanel />
      </Toolbar>
      <Suspense fallback={null}>
        {dialog === 'scope' && <ScopeDialog open onClose={() => setDialog(null)} />}
        {dialog === 'webcast' && config.webcastUrl && (
          <WebcastDialog url={config.webcastUrl} open onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </AppBar>
  );
}
