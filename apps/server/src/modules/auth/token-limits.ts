import type { TokenRequest } from '@pc/shared';
import { lt, sql } from 'drizzle-orm';
import type { OwnerDb } from '../../db/client';
import { rateLimit } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import { type RateLimiter, type RateLimitResult, rateLimitResult } from '../../platform/rate-limiter';
import { sessionOfRefreshToken } from './service';

const MINUTE = 60_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the database (table rate_limit), so every server process counts into
 * the same window (decision 0016). One statement per hit: the upsert takes the row's lock, so
 * concurrent hits from several processes are counted one after the other and none is lost. A
 * window that has ended starts over; ended rows are swept at most once a minute per process.
 */
export function databaseRateLimiter(db: OwnerDb, now: () => number = Date.now): RateLimiter {
  let nextSweep = 0;
  return {
    async hit(key, max, windowMs) {
      const t = now();
      if (t >= nextSweep) {
        nextSweep = t + SWEEP_EVERY_MS;
        await db.delete(rateLimit).where(lt(rateLimit.windowEnd, new Date(t)));
      }
      const at = new Date(t).toISOString();
      const end = new Date(t + windowMs).toISOString();
      const [row] = await queryRows<{ hits: number; window_end: string | Date }>(
        db,
        sql`insert into rate_limit (key, window_end, hits) values (${key}, ${end}::timestamptz, 1)
            on conflict (key) do update set
              hits = case when rate_limit.window_end <= ${at}::timestamptz then 1 else rate_limit.hits + 1 end,
              window_end = case when rate_limit.window_end <= ${at}::timestamptz then excluded.window_end else rate_limit.window_end end
            returning hits, window_end`,
      );
      return rateLimitResult(Number(row!.hits), max, new Date(row!.window_end).getTime() - t);
    },
  };
}

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
