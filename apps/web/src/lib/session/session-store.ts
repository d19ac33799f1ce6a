import type { LockReason, UserMe } from '@pc/shared';
import { createStore, useStore } from '../create-store';
import { readStorage, writeStorage } from '../storage';

export type SessionStatus = 'initialising' | 'anonymous' | 'mfa' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  /** Kept in memory only; the refresh token lives in an httpOnly cookie. */
  accessToken: string | null;
  me: UserMe | null;
  /** Set by an HTTP 412; the app then only shows the page for this reason. */
  lock: LockReason | null;
}

export const initialSession: SessionState = { status: 'initialising', accessToken: null, me: null, lock: null };

export const sessionStore = createStore<SessionState>(initialSession);

export function useSession<S>(selector: (s: SessionState) => S): S {
  return useStore(sessionStore, selector);
}

export function getScopeCompanyId(): string | null {
  return sessionStore.getState().me?.scopeCompany?.id ?? null;
}

/** Events the app shell turns into navigation (the lib layer knows nothing of the router). */
export type SessionEvent =
  | { type: 'expired' }
  | { type: 'locked'; reason: LockReason }
  /** The scope company is no longer the user's (a grant was revoked); `me` now has another. */
  | { type: 'scopeLost' };

const eventListeners = new Set<(event: SessionEvent) => void>();

export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const l of eventListeners) l(event);
}

const SESSION_HINT = 'pc.session';

/**
 * Whether this browser probably holds a refresh cookie. The cookie is httpOnly, so a hint in
 * storage saves anonymous visitors a refresh call that can only fail (and log a 400).
 */
export function hasSessionHint(): boolean {
  return readStorage(SESSION_HINT) === '1';
}

export function setSessionHint(): void {
  writeStorage(SESSION_HINT, '1');
}

export function clearSession(): void {
  writeStorage(SESSION_HINT, null);
  sessionStore.setState({ status: 'anonymous', accessToken: null, me: null, lock: null });
}
