import Box from '@mui/material/Box';
import { Outlet, useMatches, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { lockRouteOf } from '../lib/api/lock';
import { documentTitle, useConfig } from '../lib/config';
import { useStore } from '../lib/create-store';
import { notify } from '../lib/notify';
import { conflictStore } from '../lib/record-conflict';
import { onSessionEvent, useSession } from '../lib/session/session-store';
import { loginHref } from './routes/guard';

// The shell (sidebar, toolbar, dialogs) is only needed after login; keep it out of the login bundle.
type ShellModule = typeof import('./shell/app-shell');
let shellModule: ShellModule | null = null;
let shellLoading: Promise<ShellModule> | null = null;

/** Starts (once) loading the shell's code; the splash calls it while it restores the session. */
export function loadShell(): Promise<ShellModule> {
  shellLoading ??= import('./shell/app-shell').then((m) => {
    shellModule = m;
    return m;
  });
  return shellLoading;
}

/**
 * The shell, suspending only while its code is still loading. Not React.lazy: a lazy component
 * suspends on its first render even when the code is there, and React then holds the revealed
 * content back until 300 ms after the fallback appeared — a third of a second on every page load.
 */
function Shell() {
  const m = shellModule ?? use(loadShell());
  return <m.AppShell />;
}

/** Session events from the API client become navigation here (lib knows nothing of the router). */
function useSessionNavigation() {
  const router = useRouter();
  const { t } = useTranslation();
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type === 'expired') {
          notify(t('session.expired'), 'info');
          void router.navigate({ href: loginHref(router.state.location.href), replace: true });
        } else if (event.type === 'scopeLost') {
          notify(t('scope.lost'), 'warning');
          // The query client comes with the shell: the login screen does not load it.
          void import('../lib/query-client').then((m) => m.sessionQueryClient().invalidateQueries());
          void router.navigate({ to: '/home', replace: true });
        } else {
          void router.navigate({ href: lockRouteOf(event.reason), replace: true });
        }
      }),
    [router, t],
  );
}

/** The document title: "product (company)" or just the product name. */
function useDocumentTitle() {
  const { productName } = useConfig();
  const scopeName = useSession((s) => s.me?.scopeCompany?.name);
  useEffect(() => {
    document.title = documentTitle(productName, scopeName);
  }, [productName, scopeName]);
}

/**
 * App display: the main container with the shell when logged in, otherwise the
 * login or a full-page view.
 */
export function RootLayout() {
  return (
    <>
      <RootContent />
      <ConflictHost />
    </>
  );
}

const ConflictDialogHost = lazy(() => import('./conflict-dialog-host').then((m) => ({ default: m.ConflictDialogHost })));

/**
 * The conflict dialog, once the first conflict asks for it. Inside the router: its frame asks
 * before unsaved choices are lost, which needs the router's navigation blocker.
 */
function ConflictHost() {
  const requested = useStore(conflictStore, (s) => s.requested);
  return requested ? (
    <Suspense fallback={null}>
      <ConflictDialogHost />
    </Suspense>
  ) : null;
}

function RootContent() {
  useSessionNavigation();
  useDocumentTitle();
  const status = useSession((s) => s.status);
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData });

  if (status === 'authenticated' && !leaf?.fullPage) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Shell />
      </Suspense>
    );
  }
  // Between logout and the redirect to /login, never render a guarded page without a session.
  if (leaf && !leaf.public && leaf.section) return <PageLoader />;
  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
