import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { preloadSnackbars } from '../../lib/notify';
import { sessionQueryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session/session-store';
import { SIDEBAR_WIDTH } from '../theme';
import { BreadcrumbsBar } from './breadcrumbs-bar';
import { Sidebar } from './sidebar';
import { TopToolbar } from './top-toolbar';
import { useShellLocked } from './use-shell-locked';
import { useShortcuts } from './use-shortcuts';

// Only users offered the wizard need the reminder's code.
const InitiationReminder = lazy(() =>
  import('../../features/initiation/reminder-dialog').then((m) => ({ default: m.InitiationReminder })),
);

/**
 * The main container: sidebar, toolbar, breadcrumbs and the content outlet.
 * Locked (HTTP 412): no sidebar, no breadcrumbs, only the page for the lock reason.
 */
export function AppShell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const locked = useShellLocked();
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const sidebarId = useId();
  // One cache per session: the shell unmounts on logout or expiry, so no data outlives its user.
  const [queryClient] = useState(sessionQueryClient);
  useShortcuts(!locked);
  useEffect(() => {
    preloadSnackbars();
    return () => queryClient.clear();
  }, [queryClient]);

  const remind = useSession((s) => !!s.me?.supportsInitiation && !!s.me.canContinueInitiation);
  const sidebarOpen = wide ? desktopOpen : mobileOpen;
  const toggleSidebar = () => (wide ? setDesktopOpen((v) => !v) : setMobileOpen((v) => !v));

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        <Box
          component="a"
          href="#main-content"
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 2000,
            px: 2,
            py: 1,
            borderRadius: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:focus': { top: 8 },
          }}
        >
          {t('nav.skipToContent')}
        </Box>
        {!locked &&
          (wide ? (
            <Box
              component="aside"
              id={sidebarId}
              aria-label={t('nav.sidebar')}
              sx={{
                width: desktopOpen ? SIDEBAR_WIDTH : 0,
                flexShrink: 0,
                transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
                // clip, not hidden: hidden makes the aside a scroll container, and the sticky
                // sidebar inside would then scroll away with a long page.
                overflow: 'clip',
                borderRight: desktopOpen ? '1px solid' : 'none',
                borderColor: 'divider',
                // Out of the tab order and the accessibility tree while collapsed.
                visibility: desktopOpen ? 'visible' : 'hidden',
              }}
            >
              <Box sx={{ width: SIDEBAR_WIDTH, height: '100dvh', position: 'sticky', top: 0 }}>
                <Sidebar />
              </Box>
            </Box>
          ) : (
            <Drawer
              id={sidebarId}
              variant="temporary"
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH }, 'aria-label': t('nav.sidebar') } }}
            >
              <Sidebar onNavigate={() => setMobileOpen(false)} />
            </Drawer>
          ))}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <TopToolbar sidebarOpen={sidebarOpen} sidebarId={sidebarId} onToggleSidebar={toggleSidebar} />
          {!locked && <BreadcrumbsBar />}
          <Box
            component="main"
            id="main-content"
            tabIndex={-1}
            sx={{ flexGrow: 1, px: { xs: 2, md: 3 }, py: 2, maxWidth: 1400, width: '100%', outline: 'none' }}
          >
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
      {remind && (
        <Suspense fallback={null}>
          <InitiationReminder locked={locked} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
