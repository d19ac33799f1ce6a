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
  /** Claims not satisfied (spec 001 §6): message claim.insufficientClaimsError. */
  | { type: 'forbidden' };

export function decideAccess(session: Pick<SessionState, 'status' | 'me' | 'lock'>, def: RouteDef): GuardDecision {
  if (def.public) return { type: 'allow' };
  if (session.status === 'mfa') return { type: 'redirect', to: '/mfa' };
  if (session.status !== 'authenticated' || !session.me) return { type: 'login' };
  if (session.lock && def.path !== lockRoutes[session.lock]) return { type: 'redirect', to: lockRoutes[session.lock] };
  if (def.administrator && !session.me.isAdministrator) return { type: 'forbidden' };
  if (!satisfies(session.me.claims, def.rule)) return { type: 'forbidden' };
  return { type: 'allow' };
}

export function loginHref(redirect: string | null): string {
  const target = redirect ? postLoginTarget(redirect) : HOME;
  return target === HOME ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}
