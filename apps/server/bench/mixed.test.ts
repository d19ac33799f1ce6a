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

  it('judges growth from the 10th second to the last against 10 % of the 10th second', () => {
    expect(rssVerdict(run(300, 329))).toMatchObject({ at: 300, last: 329, flat: true });
    expect(rssVerdict(run(300, 330)).flat).toBe(false);
    expect(rssVerdict(run(300, 250)).flat).toBe(true);
  });

  it('leaves the first nine seconds out', () => {
    // Doubling during start-up is no leak.
    expect(rssVerdict(run(300, 310, 150))).toMatchObject({ at: 300, flat: true });
  });

  it('reports the highest sample from the 10th second on', () => {
    const samples = run(300, 300);
    samples[30] = 380;
    expect(rssVerdict(samples)).toMatchObject({ max: 380, flat: true });
  });

  it('refuses a run too short to have a 10th and a later second', () => {
    expect(() => rssVerdict(Array(10).fill(100))).toThrow(/need more than 10/);
  });
});
