/**
 * The load bench's mixed workload: which request comes next, and the verdicts on its run (a
 * server's memory over the run, two instances against one). Pure, so that the rules hold in a test.
 */

export type MixedKind = 'list' | 'detail' | 'search' | 'create' | 'update';

/** Shares of the mixed workload in percent: reads dominate, as in a day's use of the registers. */
export const mixedWeights: Readonly<Record<MixedKind, number>> = { list: 60, detail: 20, search: 10, create: 5, update: 5 };

/** The kind whose share of the weights' sum holds `r` (0 ≤ r < 1), in the weights' order. */
export function pickWeighted<K extends string>(weights: Readonly<Record<K, number>>, r: number): K {
  const entries = Object.entries(weights) as [K, number][];
  const sum = entries.reduce((n, [, w]) => n + w, 0);
  let at = r * sum;
  for (const [kind, w] of entries) {
    if (at < w) return kind;
    at -= w;
  }
  // r just below 1 can round past the last share.
  return entries[entries.length - 1]![0];
}

/**
 * Whether the server's resident memory stayed flat from the `from`-th second of a run to its
 * last: the lowest RSS of the last `window` seconds lies less than 10 % above the lowest of the
 * `window` seconds from the `from`-th on. By the `from`-th second the process holds what it keeps
 * for good (compiled code, prepared statements, connection pools, caches of claims and
 * companies). After that its RSS swings with garbage: the old generation fills until a major
 * collection hands it back, by up to 130 MB within one run (374 → 491 → 368 MB measured), so two
 * single samples can differ by a third without a leak. A leak raises the floor the collections
 * return to, and 10 % of the 300–600 MB a server holds under load (30–60 MB) is what a leak of
 * about a kilobyte per request adds within a minute at several hundred requests per second.
 * `samples[i]` is the RSS in MB at second i + 1.
 */
export function rssVerdict(samples: readonly number[], from = 10, window = 10) {
  const need = from - 1 + 2 * window;
  if (samples.length < need) throw new Error(`RSS samples for ${samples.length} s: need ${need}`);
  const early = Math.min(...samples.slice(from - 1, from - 1 + window));
  const late = Math.min(...samples.slice(-window));
  const growth = (late - early) / early;
  return {
    at: samples[from - 1]!,
    last: samples[samples.length - 1]!,
    max: Math.max(...samples.slice(from - 1)),
    early,
    late,
    growth,
    flat: growth < 0.1,
  };
}
