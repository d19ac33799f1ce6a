import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { Caller } from './auth/context';
import { ctxOf } from './auth/plugin';
import { AppError } from './errors';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the current window ends. */
  resetInMs: number;
  /** Seconds until the current window ends: the Retry-After of a refused hit. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters by key. Callers only see this interface; the app counts in the database,
 * shared by every server process (databaseRateLimiter in modules/auth/token-limits.ts, decision 0016).
 */
export interface RateLimiter {
  /** Counts one hit on `key`; allowed while the window holds at most `max` hits. */
  hit(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
}

export function rateLimitResult(hits: number, max: number, resetInMs: number): RateLimitResult {
  return { allowed: hits <= max, hits, resetInMs, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}

/**
 * A store for @fastify/rate-limit (the `rateLimit` option of a route) that counts in `limiter`,
 * so per-route limits hold across server processes too. Keys are prefixed with the route.
 */
export function rateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    // The plugin calls `new Store(options)`; child() passes the route's prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'route:';
    }
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      limiter.hit(`${this.prefix}${key}`, max, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: r.resetInMs }),
        (e: Error) => callback(e),
      );
    }
    child(params: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
      const route = (params as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new SharedStore(`route:${String(route?.method)} ${route?.url}:`);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * A route hook that counts one hit per key the caller names and answers 429 once any key is past
 * its `max` in the window. It runs before validation, after authentication: such a route opens
 * its transaction only after its own hooks (platform/auth/plugin.ts), so the shared counter is
 * never written while the request holds a tenant connection.
 */
export function limitCaller(
  limiter: RateLimiter,
  rules: (caller: Caller) => readonly { key: string; max: number; windowMs: number }[],
): preValidationAsyncHookHandler {
  return async (req, reply) => {
    for (const rule of rules(ctxOf(req))) {
      const result = await limiter.hit(rule.key, rule.max, rule.windowMs);
      if (!result.allowed) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new AppError(429, 'rate_limited', 'error.rateLimited');
      }
    }
  };
}
