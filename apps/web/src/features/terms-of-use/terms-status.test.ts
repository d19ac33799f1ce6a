import { describe, expect, it } from 'vitest';
import { termsStatuses } from './terms-status';

describe('termsStatuses', () => {
  it('marks the newest released version current, future ones scheduled', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const statuses = termsStatuses(
      [
        { id: 'a', releaseDate: '2025-01-01T00:00:00.000Z' },
        { id: 'b', releaseDate: '2025-05-01T00:00:00.000Z' },
        { id: 'c', releaseDate: '2025-07-01T00:00:00.000Z' },
      ],
      now,
    );
    expect(Object.fromEntries(statuses)).toEqual({ a: 'previous', b: 'current', c: 'scheduled' });
  });

  it('has no current version before the first release', () => {
    const statuses = termsStatuses([{ id: 'a', releaseDate: '2030-01-01T00:00:00.000Z' }], new Date('2025-01-01'));
    expect(statuses.get('a')).toBe('scheduled');
  });
});
