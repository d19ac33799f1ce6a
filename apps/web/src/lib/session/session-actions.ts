import type { TokenResponse, UserMe } from '@pc/shared';
import { apiRequest } from '../api/api-client';
import { API_UNAVAILABLE, ApiError, isApiError } from '../api/api-error';
import { refreshAccessToken } from '../api/refresh';
import { dismissAll } from '../notify';
import { clearSession, hasSessionHint, sessionStore, setSessionHint } from './session-store';

/** /api/user/me, checked by its schema; the schema's chunk loads while the request runs. */
export async function fetchMe(): Promise<UserMe> {
  const [{ userMeSchema }, me] = await Promise.all([import('./user-me-schema'), apiRequest<unknown>('/user/me')]);
  return userMeSchema.parse(me);
}

/** Every fresh `me` also carries the lock state: a forced page is owed until it says null. */
export function setMe(me: UserMe): void {
  sessionStore.setState({ me, lock: me.lockReason });
}

/**
 * Splash phase: a refresh grant with the httpOnly cookie restores a session without asking
 * for the password again. Ends in 'authenticated', 'mfa' or 'anonymous'; only a refused refresh
 * token ends the session. When the server cannot answer for now it throws, keeping the session,
 * and the splash offers to try again.
 */
export async function restoreSession(): Promise<void> {
  if (!hasSessionHint()) return clearSession();
  const outcome = await refreshAccessToken();
  if (outcome === 'refused') return clearSession();
  if (outcome === 'unavailable') throw new ApiError(0, API_UNAVAILABLE, 'API unavailable');
  if (sessionStore.getState().status === 'mfa') return;
  try {
    const me = await fetchMe();
    sessionStore.setState({ me, lock: me.lockReason, status: 'authenticated' });
  } catch (error) {
    // Only a refusal ends the session. Anything else, such as a reload that cuts this call off,
    // must not clear the hint on its way out, or the reloaded page would start logged out.
    if (isApiError(error) && error.status === 401) return clearSession();
    throw error;
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
  dismissAll();
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
