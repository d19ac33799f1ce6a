export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends: the Retry-After of a refused hit. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters by key. Callers only see this interface, so the counters can move to a
 * store every server process shares (PostgreSQL) without touching them; hit() is async for that.
 */
export interface RateLimiter {
  /** Counts one hit on `key`; allowed while the window holds at most `max` hits. */
  hit(key: string, max: number, windowMs: number): Promise<RateLimitResult>;
}

/** Counters in this process's memory; expired windows are swept at most once a minute. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { resetAt: number; count: number }>();
  let nextSweep = 0;
  return {
    async hit(key, max, windowMs) {
      const t = now();
      if (t >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        nextSweep = t + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { resetAt: t + windowMs, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
  };
}
