import { describe, expect, it } from 'vitest';
import { isActivePath, visibleMenu } from './menu-items';
import { shortcutTarget } from './shortcuts';

const key = (code: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  code,
  ...mods,
});

describe('shortcuts', () => {
  it('maps Alt+1, Alt+a and Alt+End', () => {
    expect(shortcutTarget(key('Digit1'))).toBe('/process');
    expect(shortcutTarget(key('KeyA'))).toBe('/issues');
    expect(shortcutTarget(key('End'))).toBe('/home');
    expect(shortcutTarget(key('KeyA', { altKey: false }))).toBeNull();
    expect(shortcutTarget(key('KeyA', { ctrlKey: true }))).toBeNull();
  });
});

describe('menu', () => {
  it('puts issues, data breaches and privacy requests first, each entry only with its claim', () => {
    const { urgent, sections } = visibleMenu(['Issue.Read', 'DataBreach.Read', 'Diagram.Read', 'Process.Read', 'Audit.Read']);
    expect(urgent.map((e) => e.path)).toEqual(['/issues', '/data-breach']);
    expect(sections.map((s) => [s.key, s.entries.map((e) => e.path)])).toEqual([
      ['registers', ['/process']],
      // Questionnaires follow the audits they are sent for.
      ['contracts', ['/questionnaire']],
      ['organisation', ['/diagram']],
      ['reports', ['/audit']],
    ]);
    expect(visibleMenu([])).toEqual({ urgent: [], sections: [] });
  });

  it('offers questionnaires and the time screens by the claims their routes ask for', () => {
    const reports = (claims: string[], presentation = false) =>
      visibleMenu(claims, presentation).sections.flatMap((s) => s.entries.map((e) => e.path));
    expect(reports(['TimeRecords.Read'])).toEqual(['/time-record']);
    expect(reports(['TimeRecords.ReadAll'])).toEqual(['/time-record', '/time-comparison']);
    expect(reports(['TimeRecords.ReadAll'], true)).toEqual([]);
    expect(reports(['Audit.Read'])).toEqual(['/questionnaire', '/audit']);
  });

  it('highlights a section on its detail pages too', () => {
    expect(isActivePath('/process/1', '/process')).toBe(true);
    expect(isActivePath('/process-x', '/process')).toBe(false);
  });
});
