import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../../../test-support';
import type { HelpContent } from './api';
import { groupHelpContents, helpTitle, indexTaken, nextHelpIndex, routeSuggestions } from './help-list';

let n = 0;
const c = (route: string, locale: 'de' | 'en', index: number, content = '# T'): HelpContent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  route,
  locale,
  index,
  content,
});

describe('helpTitle', () => {
  it('takes the first line with text without markdown marks', () => {
    expectAnswers(helpTitle, [
      ['\n\n# Dashboard\nText', 'Dashboard'],
      ['**Fett** und [Link](http://x)', 'Fett und Link'],
      ['- Punkt', 'Punkt'],
      ['', ''],
      ['x'.repeat(100), `${'x'.repeat(80)}…`],
    ]);
  });
});

describe('groupHelpContents', () => {
  const list = [c('/process', 'en', 1), c('/home', 'en', 0), c('/process', 'de', 2), c('/process', 'de', 0, '# Rolle')];

  it('groups by route, German first, then by index', () => {
    const groups = groupHelpContents(list, { query: '', locale: 'all' });
    expect(groups.map((g) => g.route)).toEqual(['/home', '/process']);
    expect(groups[1]!.items.map((i) => `${i.locale}${i.index}`)).toEqual(['de0', 'de2', 'en1']);
  });

  it('filters by language and by text in route or content', () => {
    expect(groupHelpContents(list, { query: '', locale: 'de' }).map((g) => g.route)).toEqual(['/process']);
    expect(groupHelpContents(list, { query: 'HOME', locale: 'all' }).map((g) => g.route)).toEqual(['/home']);
    expect(groupHelpContents(list, { query: 'rolle', locale: 'all' })[0]!.items).toHaveLength(1);
  });
});

describe('nextHelpIndex and indexTaken', () => {
  const list = [c('/home', 'de', 0), c('/home', 'de', 4), c('/home', 'en', 9)];
  it('continues after the last page of route and language', () => {
    expect(nextHelpIndex(list, '/home', 'de')).toBe(5);
    expect(nextHelpIndex(list, '/process', 'de')).toBe(0);
    expect(nextHelpIndex([c('/a', 'de', 999)], '/a', 'de')).toBe(999);
  });
  it('knows a used index, except the page itself', () => {
    expect(indexTaken(list, { route: '/home', locale: 'de', index: 4 })).toBe(true);
    expect(indexTaken(list, { route: '/home', locale: 'de', index: 4 }, list[1]!.id)).toBe(false);
    expect(indexTaken(list, { route: '/home', locale: 'en', index: 4 })).toBe(false);
  });
});

describe('routeSuggestions', () => {
  it('lists guarded page patterns once, sorted', () => {
    expect(
      routeSuggestions([
        { path: '/login', public: true, fullPage: true },
        { path: '/process' },
        { path: '/home' },
        { path: '/home' },
        { path: '/process/$id' },
      ]),
    ).toEqual(['/home', '/process', '/process/$id']);
  });
});
