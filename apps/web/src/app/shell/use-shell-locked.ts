import { useRouterState } from '@tanstack/react-router';
import { findRouteDef } from '../../lib/routing/route-table';
import { useSession } from '../../lib/session/session-store';

/**
 * The shell is locked (no sidebar, no breadcrumbs, no shortcuts) after an HTTP 412 and on pages
 * that lock it by themselves: the app is locked while the user is on the change-password page.
 */
export function useShellLocked(): boolean {
  const locked = useSession((s) => s.lock !== null);
  const locksShell = useRouterState({ select: (s) => findRouteDef(s.location.pathname)?.locksShell === true });
  return locked || locksShell;
}
