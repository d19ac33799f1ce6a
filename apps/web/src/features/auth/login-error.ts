import { type LoginErrorDescription, loginErrorDescriptions } from '@pc/shared';
import { isUnavailableStatus } from '../../lib/api/api-error';

export type LoginErrorKey = LoginErrorDescription | 'api_unavailable' | 'rate_limited';

/**
 * Status 0 → api_unavailable; 429 → rate_limited; a description the app knows (ip_not_allowed) is
 * kept; any other failure → login_failed. A locked account answers login_failed too
 * (docs/decisions/0010): only its owner learns of the lock, by mail. The key is shown on the
 * password field.
 */
export function loginErrorKey(error: { status?: number; description?: string | null } | unknown): LoginErrorKey {
  const e = (error ?? {}) as { status?: number; description?: string | null };
  if (typeof e.status === 'number' && isUnavailableStatus(e.status)) return 'api_unavailable';
  if (e.status === 429) return 'rate_limited';
  const description = e.description ?? '';
  if ((loginErrorDescriptions as readonly string[]).includes(description)) return description as LoginErrorDescription;
  return 'login_failed';
}
