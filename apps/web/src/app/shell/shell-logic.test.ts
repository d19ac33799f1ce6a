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
  it('shows each entry only with its Read claim, issues then diagram first', () => {
    const { main, more } = visibleMenu(['Issue.Read', 'Diagram.Read', 'Process.Read', 'Audit.Read']);
    expect(main.map((e) => e.path)).toEqual(['/issues', '/diagram', '/process']);
    expect(more.map((e) => e.path)).toEqual(['/audit']);
    expect(visibleMenu([]).main).toEqual([]);
  });

  it('highlights a section on its detail pages too', () => {
    expect(isActivePath('/process/1', '/process')).toBe(true);
    expect(isActivePath('/process-x', '/process')).toBe(false);
  });
});
