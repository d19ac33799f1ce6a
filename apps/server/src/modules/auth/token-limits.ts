import type { TokenRequest } from '@pc/shared';
import type { OwnerDb } from '../../db/client';
import type { RateLimiter, RateLimitResult } from '../../platform/rate-limiter';
import { sessionOfRefreshToken } from './service';

const MINUTE = 60_000;

export interface TokenLimits {
  /** Password grants and anything not naming a session, per client IP; password grants also per account. */
  login: number;
  /** Refresh grants per session. */
  refresh: number;
}

/**
 * Which counters a token request counts against. A refresh that names a session counts only
 * for that session: reloads and tabs refresh often, and an office behind one address must not
 * share one budget. Password grants count per IP and per submitted name, known or not (so the
 * 429 reveals nothing), which limits guessing from one address and against one account.
 */
export async function countTokenRequest(
  db: OwnerDb,
  limiter: RateLimiter,
  limits: TokenLimits,
  request: { ip: string; grant: TokenRequest | null; refreshToken: string | undefined },
): Promise<RateLimitResult> {
  const { grant } = request;
  if (grant?.grant_type === 'refresh_token' && request.refreshToken) {
    const sessionId = await sessionOfRefreshToken(db, request.refreshToken);
    if (sessionId) return limiter.hit(`token-session:${sessionId}`, limits.refresh, MINUTE);
  }
  const perIp = await limiter.hit(`token-ip:${request.ip}`, limits.login, MINUTE);
  if (!perIp.allowed || grant?.grant_type !== 'password') return perIp;
  return limiter.hit(`token-account:${grant.username.trim().toLowerCase()}`, limits.login, MINUTE);
}
