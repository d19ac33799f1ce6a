import { lockRoutes, satisfies } from '@pc/shared';
import { HOME, postLoginTarget } from '../../lib/routing/post-login-target';
import type { RouteDef } from '../../lib/routing/route-table';
import type { SessionState } from '../../lib/session/session-store';

export type GuardDecision =
  | { type: 'allow' }
  /** Not logged in: go to /login and come back afterwards. */
  | { type: 'login' }
  /** Locked or second factor owed: only that page may be shown. */
  | { type: 'redirect'; to: string }
  /** Claims not satisfied: message claim.insufficientClaimsError. */
  | { type: 'forbidden' };

export function decideAccess(session: Pick<SessionState, 'status' | 'me' | 'lock'>, def: RouteDef): GuardDecision {
  if (def.public) return { type: 'allow' };
  if (session.status === 'mfa') return { type: 'redirect', to: '/mfa' };
  if (session.status !== 'authenticated' || !session.me) return { type: 'login' };
  const holder = session.me.hasAccount || session.me.claims.includes('Platform.Manage');
  if (session.lock) {
    // The lock's own page is open to everyone it locks; an ended contract's holder may also subscribe again.
    if (def.path === lockRoutes[session.lock]) return { type: 'allow' };
    if (session.lock === 'AccountExpired' && def.path === '/account/upgrade' && holder) return { type: 'allow' };
    return { type: 'redirect', to: lockRoutes[session.lock] };
  }
  if (def.accountHolder && !holder) return { type: 'forbidden' };
  if (def.administrator && !session.me.isAdministrator) return { type: 'forbidden' };
  if (!satisfies(session.me.claims, def.rule)) return { type: 'forbidden' };
  return { type: 'allow' };
}

export function loginHref(redirect: string | null): string {
  const target = redirect ? postLoginTarget(redirect) : HOME;
  return target === HOME ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}
