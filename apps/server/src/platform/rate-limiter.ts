import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

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
