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
 * last: it grew by less than 10 % of what it held at the `from`-th second. By then the process
 * holds what it keeps for good (compiled code, prepared statements, connection pools, caches of
 * claims and companies), and the young generation's semi-spaces (up to 2 × 64 MB with
 * `--max-semi-space-size=64`) have reached their size under load, so growth afterwards is garbage
 * the old generation has not collected yet or a leak. 10 % of the 200–400 MB a server holds under
 * load is 20–40 MB: a leak of about a kilobyte per request shows within a minute at several
 * hundred requests per second, while a single major collection's swing does not reach it.
 * `samples[i]` is the RSS in MB at second i + 1.
 */
export function rssVerdict(samples: readonly number[], from = 10) {
  if (samples.length < from + 1) throw new Error(`RSS samples for ${samples.length} s: need more than ${from}`);
  const at = samples[from - 1]!;
  const last = samples[samples.length - 1]!;
  const growth = (last - at) / at;
  return { at, last, max: Math.max(...samples.slice(from - 1)), growth, flat: growth < 0.1 };
}
