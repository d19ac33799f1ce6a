import type { TokenResponse } from '@pc/shared';
import { getCurrentLanguage } from '../i18n/language';
import { buildHeaders } from './request-headers';

export const TOKEN_URL = '/api/auth/token';

/** A failed token call: the OAuth error_description, or status 0 when the API was unreachable. */
export class TokenRequestError extends Error {
  readonly status: number;
  readonly description: string | null;
  /** From the Retry-After header of a 429. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, description: string | null, retryAfterSeconds: number | null = null) {
    super(description ?? `HTTP ${status}`);
    this.name = 'TokenRequestError';
    this.status = status;
    this.description = description;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * POST /api/auth/token, form-urlencoded. The refresh token travels in the httpOnly cookie, so
 * the browser sends credentials and never sees the refresh token it could leak.
 */
export async function requestToken(params: Record<string, string>): Promise<TokenResponse> {
  let res: Response;
  try {
    res = await fetch(TOKEN_URL, {
      method: 'POST',
      headers: buildHeaders({
        language: getCurrentLanguage(),
        contentType: 'application/x-www-form-urlencoded',
      }),
      body: new URLSearchParams(params).toString(),
      credentials: 'same-origin',
    });
  } catch {
    throw new TokenRequestError(0, null);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const description =
      body && typeof body === 'object' && 'error_description' in body && typeof body.error_description === 'string'
        ? body.error_description
        : null;
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new TokenRequestError(res.status, description, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  // Not parsed again here: the server checks its answer against tokenResponseSchema before
  // sending it, and zod would add ~16 kB gzip to the login screen (docs/decisions/0027).
  return (await res.json()) as TokenResponse;
}
