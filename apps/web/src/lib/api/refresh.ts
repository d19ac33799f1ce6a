import { sessionStore } from '../session/session-store';
import { requestToken, TokenRequestError } from './token-request';

/**
 * 'refused': the server turned the refresh token down (400 invalid_grant), the session is over.
 * 'unavailable': the refresh could not be done for now (rate limit, network, gateway); the session
 * stays, the next call tries again.
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable';

/** Pauses between attempts while a refresh is only delayed: about a minute in all, one rate-limit window. */
export const REFRESH_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15_000, 30_000] as const;
const MAX_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Only a 4xx other than 429 refuses the token; anything else may pass. */
function isRefusal(error: unknown): boolean {
  return error instanceof TokenRequestError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

async function refreshWithRetries(): Promise<RefreshOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const token = await requestToken({ grant_type: 'refresh_token' });
      sessionStore.setState({
        accessToken: token.access_token,
        status: token.mfa_required === 'none' ? sessionStore.getState().status : 'mfa',
      });
      return 'refreshed';
    } catch (error) {
      if (isRefusal(error)) return 'refused';
      const backoff = REFRESH_RETRY_DELAYS_MS[attempt];
      if (backoff === undefined) return 'unavailable';
      const retryAfter = error instanceof TokenRequestError ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
      await sleep(Math.min(Math.max(backoff, retryAfter), MAX_WAIT_MS));
    }
  }
}

/**
 * Tabs share the refresh cookie, and a refresh token is spent on use: two tabs refreshing at once
 * would present the same token twice, which revokes the session. The Web Locks API queues them
 * across tabs, so the second one sends the cookie the first one received.
 */
async function acrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  let result!: T;
  await locks.request('pc-refresh-token', async () => {
    result = await run();
  });
  return result;
}

let inflight: Promise<RefreshOutcome> | null = null;

/**
 * Refresh grant using the httpOnly cookie. Concurrent 401s share one refresh so the rotated
 * refresh token is not spent twice; a rate limit or an unreachable server is waited out.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  inflight ??= acrossTabs(refreshWithRetries).finally(() => {
    inflight = null;
  });
  return inflight;
}
