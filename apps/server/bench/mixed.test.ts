import { describe, expect, it } from 'vitest';
import { mixedWeights, pickWeighted, rssVerdict } from './mixed';

describe('pickWeighted', () => {
  it('gives each kind the share of [0, 1) its weight asks for', () => {
    const counts: Record<string, number> = {};
    // 1,000 evenly spaced draws: each kind gets exactly its percentage of them.
    for (let i = 0; i < 1000; i++) {
      const k = pickWeighted(mixedWeights, i / 1000);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(counts).toEqual({ list: 600, detail: 200, search: 100, create: 50, update: 50 });
  });

  it('cuts at the weights’ boundaries, in their order', () => {
    expect(pickWeighted(mixedWeights, 0)).toBe('list');
    expect(pickWeighted(mixedWeights, 0.5999)).toBe('list');
    expect(pickWeighted(mixedWeights, 0.6)).toBe('detail');
    expect(pickWeighted(mixedWeights, 0.8)).toBe('search');
    expect(pickWeighted(mixedWeights, 0.9)).toBe('create');
    expect(pickWeighted(mixedWeights, 0.95)).toBe('update');
    expect(pickWeighted(mixedWeights, 0.9999999999)).toBe('update');
  });

  it('takes weights that do not add up to 100', () => {
    expect(pickWeighted({ a: 1, b: 3 }, 0.24)).toBe('a');
    expect(pickWeighted({ a: 1, b: 3 }, 0.25)).toBe('b');
  });
});

describe('rssVerdict', () => {
  const run = (at10: number, last: number, early = 100) =>
    // Low in the first nine seconds (start-up), then from `at10` on a straight line to `last`.
    [...Array(9).fill(early), ...Array.from({ length: 51 }, (_, i) => at10 + ((last - at10) * i) / 50)];

  it('judges the last 10 seconds’ lowest RSS against 10 % over the lowest of seconds 10 to 19', () => {
    // A straight rise: the floors are the 10th and the 51st second.
    const rising = (late: number) => run(300, 300 + ((late - 300) * 50) / 41);
    expect(rssVerdict(rising(329))).toMatchObject({ at: 300, early: 300, flat: true });
    expect(rssVerdict(rising(329)).late).toBeCloseTo(329);
    expect(rssVerdict(rising(331)).flat).toBe(false);
    expect(rssVerdict(run(300, 250)).flat).toBe(true);
  });

  it('leaves the first nine seconds out', () => {
    // Doubling during start-up is no leak.
    expect(rssVerdict(run(300, 310, 150))).toMatchObject({ at: 300, early: 300, flat: true });
  });

  it('lets garbage come and go: a peak that a collection hands back is no growth', () => {
    const samples = run(300, 300);
    for (let s = 30; s < 56; s++) samples[s] = 300 + (s - 29) * 5; // up to 430 MB …
    // … and back after a major collection, four seconds before the end.
    expect(rssVerdict(samples)).toMatchObject({ at: 300, last: 300, max: 430, flat: true });
    // Still high at the end: not flat, however high the 10th second was.
    samples.fill(430, 56);
    expect(rssVerdict(samples).flat).toBe(false);
  });

  it('refuses a run too short for two windows of 10 seconds after the 9th', () => {
    expect(() => rssVerdict(Array(28).fill(100))).toThrow(/need 29/);
    expect(rssVerdict(Array(29).fill(100)).flat).toBe(true);
  });
});
