import { describe, expect, it } from 'vitest';
import { activeSteps, categorySegments, isStepActive, previousMark, progressTone, RADAR_STEPS, RADAR_VIEW_BOX } from './geometry';

describe('privacy radar geometry', () => {
  it('uses the spec constants', () => {
    expect(RADAR_VIEW_BOX).toBe(2000);
    expect(RADAR_STEPS).toBe(10);
  });

  it('activates step i when progress ≥ i × 10', () => {
    expect(isStepActive(10, 1)).toBe(true);
    expect(isStepActive(9.9, 1)).toBe(false);
    expect(activeSteps(0)).toBe(0);
    expect(activeSteps(45.5)).toBe(4);
    expect(activeSteps(50)).toBe(5);
    expect(activeSteps(99.9)).toBe(9);
    expect(activeSteps(100)).toBe(10);
  });

  it('draws ten segments per category', () => {
    const segments = categorySegments(0, 12);
    expect(segments).toHaveLength(10);
    expect(segments.map((s) => s.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const s of segments) expect(s.d).toMatch(/^M[\d.]+ [\d.]+ A/);
  });

  it('colours by progress', () => {
    expect(progressTone(0)).toBe('error');
    expect(progressTone(50)).toBe('warning');
    expect(progressTone(100)).toBe('success');
  });
});

describe('the previous quarter mark', () => {
  it('sits at the inner edge for 0 %, the outer one for 100 %, and across the sector', () => {
    // One category of four: 90° wide, the mark 3.6° in from each side; 0° is straight up.
    const zero = previousMark(0, 4, 0);
    const full = previousMark(0, 4, 100);
    expect(zero).toMatch(/^M\S+ \S+ A254 254 /);
    expect(full).toMatch(/^M\S+ \S+ A846 846 /);
    expect(previousMark(0, 4, 150)).toBe(full);
    // 50 %: halfway through the rings (238 + 296 = 534), ±16.
    expect(previousMark(1, 4, 50)).toMatch(/^M\S+ \S+ A550 550 0 0 1 \S+ \S+ L\S+ \S+ A518 518 /);
  });
});
