import { type LoginErrorDescription, loginErrorDescriptions } from '@pc/shared';
import { isUnavailableStatus } from '../../lib/api/api-error';

export type LoginErrorKey = LoginErrorDescription | 'api_unavailable';

/**
 * Spec 000 §8: status 0 → api_unavailable; locked_out and ip_not_allowed as described; any other
 * failure → login_failed. The key is shown on the password field.
 */
export function loginErrorKey(error: { status?: number; description?: string | null } | unknown): LoginErrorKey {
  const e = (error ?? {}) as { status?: number; description?: string | null };
  if (typeof e.status === 'number' && isUnavailableStatus(e.status)) return 'api_unavailable';
  const description = e.description ?? '';
  if ((loginErrorDescriptions as readonly string[]).includes(description) && description !== 'login_failed') {
    return description as LoginErrorDescription;
  }
  return 'login_failed';
}
