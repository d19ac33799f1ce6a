import { sessionStore } from '../session/session-store';
import { requestToken } from './token-request';

let inflight: Promise<boolean> | null = null;

/**
 * Refresh grant using the httpOnly cookie. Concurrent 401s share one refresh so the rotated
 * refresh token is not spent twice. Resolves false when there is no valid session.
 */
export function refreshAccessToken(): Promise<boolean> {
  inflight ??= requestToken({ grant_type: 'refresh_token' })
    .then((token) => {
      sessionStore.setState({
        accessToken: token.access_token,
        status: token.mfa_required === 'none' ? sessionStore.getState().status : 'mfa',
      });
      return true;
    })
    .catch(() => false)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}
