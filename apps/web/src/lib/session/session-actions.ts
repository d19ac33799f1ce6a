import { type TokenResponse, type UserMe, userMeSchema } from '@pc/shared';
import { apiRequest } from '../api/api-client';
import { refreshAccessToken } from '../api/refresh';
import { clearSession, hasSessionHint, sessionStore, setSessionHint } from './session-store';

export function fetchMe(): Promise<UserMe> {
  return apiRequest('/user/me', { schema: userMeSchema });
}

/** Every fresh `me` also carries the lock state: a forced page is owed until it says null. */
export function setMe(me: UserMe): void {
  sessionStore.setState({ me, lock: me.lockReason });
}

/**
 * Splash phase: a refresh grant with the httpOnly cookie restores a session without asking
 * for the password again. Never throws; ends in 'authenticated', 'mfa' or 'anonymous'.
 */
export async function restoreSession(): Promise<void> {
  if (!hasSessionHint()) return clearSession();
  const ok = await refreshAccessToken();
  if (!ok) return clearSession();
  if (sessionStore.getState().status === 'mfa') return;
  try {
    const me = await fetchMe();
    sessionStore.setState({ me, lock: me.lockReason, status: 'authenticated' });
  } catch {
    clearSession();
  }
}

/** After a successful password grant. Returns the state the login screen continues from. */
export async function startSession(token: TokenResponse): Promise<'authenticated' | 'mfa'> {
  sessionStore.setState({ accessToken: token.access_token, lock: null, me: null });
  setSessionHint();
  if (token.mfa_required !== 'none') {
    sessionStore.setState({ status: 'mfa' });
    return 'mfa';
  }
  const me = await fetchMe();
  sessionStore.setState({ me, lock: me.lockReason, status: 'authenticated' });
  return 'authenticated';
}

/** Revokes the refresh token server-side; the local session ends even if the call fails. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST', responseType: 'none' });
  } catch {
    // Offline or already expired: nothing more to revoke from here.
  } finally {
    clearSession();
  }
}
