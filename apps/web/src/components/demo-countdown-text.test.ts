import { describe, expect, it } from 'vitest';
import { demoCountdownText } from './demo-countdown-text';

/** A stand-in for i18next: German plurals, placeholders filled in. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const count = options.count as number | undefined;
  switch (key) {
    case 'companiesAdmin.demo.due':
      return 'fällig';
    case 'companiesAdmin.demo.days':
      return count === 1 ? '1 Tag' : `${count} Tagen`;
    case 'companiesAdmin.demo.hours':
      return count === 1 ? '1 Stunde' : `${count} Stunden`;
    default:
      return `Zurücksetzung in ${options.days} und ${options.hours}`;
  }
};

describe('demo countdown text', () => {
  const created = new Date('2025-03-01T10:00:00Z');
  const after = (hours: number) => new Date(created.getTime() + hours * 3_600_000);

  it('counts seven days from the creation', () => {
    expect(demoCountdownText(t, created, created)).toBe('Zurücksetzung in 7 Tagen und 0 Stunden');
  });

  it('shows whole days and the remaining whole hours', () => {
    expect(demoCountdownText(t, created, after(24 + 1.5))).toBe('Zurücksetzung in 5 Tagen und 22 Stunden');
    expect(demoCountdownText(t, created.toISOString(), after(6 * 24 - 1))).toBe('Zurücksetzung in 1 Tag und 1 Stunde');
  });

  it('says the reset is due once the time is up, never a negative time', () => {
    expect(demoCountdownText(t, created, after(7 * 24 - 0.5))).toBe('fällig');
    expect(demoCountdownText(t, created, after(9 * 24))).toBe('fällig');
  });
});
