import type { ForgotPassword, SsoDiscover, TokenResponse } from '@pc/shared';
import { apiRequest } from '../../lib/api/api-client';
import { requestToken } from '../../lib/api/token-request';

export function passwordLogin(username: string, password: string): Promise<TokenResponse> {
  return requestToken({ grant_type: 'password', username, password });
}

/** POST /api/auth/forgot-password — answered 204 whether or not the address is known. */
export function requestPasswordReset(body: ForgotPassword): Promise<void> {
  return apiRequest('/auth/forgot-password', { method: 'POST', json: body, auth: false, responseType: 'none' });
}

/** GET /api/auth/sso/discover — whether the address's domain signs in through its provider. */
export function discoverSso(email: string): Promise<SsoDiscover> {
  return apiRequest(`/auth/sso/discover?email=${encodeURIComponent(email)}`, { auth: false });
}
