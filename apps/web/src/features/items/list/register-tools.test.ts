import { describe, expect, it } from 'vitest';
import { catalogT } from '../../../test-support';
import { bulkResultText } from './bulk-bar';
import { filterOfParams, viewPatchOf } from './register-tools';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('bulk result message', () => {
  it('names the skipped items with their reason, and counts those beyond five', async () => {
    const t = await catalogT('de');
    const skipped = Array.from({ length: 7 }, (_, i) => ({
      id: id(i),
      number: `AUF-000${i + 1}`,
      name: `Aufgabe ${i + 1}`,
      reason: 'noRight' as const,
    }));
    expect(bulkResultText(t, { changed: 1, unchanged: 0, skipped: [], undoId: null })).toBe('1 Eintrag geändert.');
    expect(bulkResultText(t, { changed: 3, unchanged: 0, skipped: skipped.slice(0, 1), undoId: null })).toBe(
      '3 Einträge geändert. Übersprungen: AUF-0001 (keine Berechtigung).',
    );
    expect(bulkResultText(t, { changed: 0, unchanged: 0, skipped, undoId: null })).toBe(
      '0 Einträge geändert. 7 übersprungen: AUF-0001 (keine Berechtigung), AUF-0002 (keine Berechtigung), AUF-0003 (keine Berechtigung), AUF-0004 (keine Berechtigung), AUF-0005 (keine Berechtigung) und 2 weitere.',
    );
    const en = await catalogT('en');
    expect(bulkResultText(en, { changed: 2, unchanged: 0, skipped: [], undoId: id(9) }, true)).toBe('2 entries deleted.');
  });
});

describe('a list view as a saved view', () => {
  it('keeps the filter terms of the list query and leaves paging and sort out', () => {
    const p = new URLSearchParams('page=2&pageSize=50&sort=number&dir=asc&q=Vertrag&status=0,1&dateField=dueDate');
    expect(filterOfParams(p)).toEqual({ q: 'Vertrag', status: '0,1', dateField: 'dueDate' });
  });

  it('turns a saved view back into the list view: search, filters, due-date range and sort', () => {
    const patch = viewPatchOf(
      {
        filter: { q: 'Vertrag', status: '0,1', from: '2026-01-01 00:00:00', until: '2026-03-31 23:59:59' },
        sort: 'dueDate',
        dir: 'desc',
      },
      ['status', 'kind'],
    );
    expect(patch).toMatchObject({ q: 'Vertrag', filters: { status: '0,1', kind: '' }, sort: 'dueDate', dir: 'desc', page: 0 });
    expect(patch.range?.from).toEqual(new Date(2026, 0, 1));
    expect(patch.range?.until).toEqual(new Date(2026, 2, 31, 23, 59, 59));
  });
});
