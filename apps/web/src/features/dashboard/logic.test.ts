import { describe, expect, it } from 'vitest';
import { isOverdue, progressCaption, toggleHidden } from './logic';

describe('dashboard rules', () => {
  it('picks the progress caption', () => {
    expect(progressCaption({ total: 0, open: 0 })).toBe('empty');
    expect(progressCaption({ total: 3, open: 1 })).toBe('one');
    expect(progressCaption({ total: 3, open: 2 })).toBe('many');
    expect(progressCaption({ total: 3, open: 0 })).toBe('complete');
  });

  it('marks due dates before the start of today as overdue', () => {
    const now = new Date(2026, 10, 22, 0, 30);
    expect(isOverdue('2026-11-21', now)).toBe(true);
    expect(isOverdue('2026-11-22', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });

  it('toggles hidden tiles', () => {
    expect(toggleHidden(['Issue'], 'Issue')).toEqual([]);
    expect(toggleHidden([], 'Timeline')).toEqual(['Timeline']);
  });
});
