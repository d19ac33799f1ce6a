import { describe, expect, it } from 'vitest';
import { matrixOverall, placeRisks } from './risk-matrix-logic';

describe('DSFA risk matrix', () => {
  it('places risks by likelihood and severity, numbered from 1', () => {
    const cells = placeRisks([
      { likelihood: 2, severity: 3 },
      { likelihood: 1, severity: 3 },
      { likelihood: 2, severity: 3 },
      { likelihood: 5, severity: 1 },
      { likelihood: null, severity: 2 },
    ]);
    expect(Object.fromEntries(cells)).toEqual({ '2-3': [1, 3], '1-3': [2] });
  });

  it('takes the highest level as the overall risk', () => {
    expect(matrixOverall([])).toBeNull();
    expect(matrixOverall([{ likelihood: 1, severity: 2 }])).toBe('low');
    expect(
      matrixOverall([
        { likelihood: 1, severity: 2 },
        { likelihood: 2, severity: 3 },
      ]),
    ).toBe('high');
    expect(
      matrixOverall([
        { likelihood: 4, severity: 4 },
        { likelihood: 'x', severity: 4 },
      ]),
    ).toBe('veryHigh');
  });
});
