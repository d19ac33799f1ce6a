import { describe, expect, it } from 'vitest';
import { fetchAllPages } from './export-all';
import { type GridDefaults, nextView, searchOfView, viewFromSearch, viewParams } from './use-server-grid';

const defaults: GridDefaults = { pageSize: 50, sort: 'number', dir: 'asc', filters: { status: '' } };

describe('server grid view in the URL', () => {
  it('opens a plain URL on the defaults and writes nothing back', () => {
    const view = viewFromSearch({}, defaults);
    expect(view).toEqual({
      page: 0,
      pageSize: 50,
      sort: 'number',
      dir: 'asc',
      q: '',
      range: { from: null, until: null },
      filters: { status: '' },
    });
    expect(Object.values(searchOfView(view, defaults)).filter((v) => v !== undefined)).toEqual([]);
  });

  it('reads back what it wrote, so reload and back/forward show the same view', () => {
    const view = {
      page: 2,
      pageSize: 100,
      sort: 'name',
      dir: 'desc' as const,
      q: '123',
      range: { from: new Date(2026, 0, 5), until: new Date(2026, 0, 9, 23, 59, 59) },
      filters: { status: '1,3' },
    };
    const search = searchOfView(view, defaults);
    expect(search).toMatchObject({
      page: 3,
      size: 100,
      sort: 'name',
      dir: 'desc',
      q: '123',
      from: '2026-01-05',
      until: '2026-01-09',
      status: '1,3',
    });
    // The router parses numbers in the search; the view reads them either way.
    expect(viewFromSearch({ ...search, q: 123 }, defaults)).toEqual(view);
  });

  it('falls back to the defaults for values a stale or edited link may carry', () => {
    const view = viewFromSearch({ page: -4, size: 7, dir: 'up', from: '2026-13-45x', until: 'soon' }, defaults);
    expect(view).toMatchObject({ page: 0, pageSize: 50, dir: 'asc', range: { from: null, until: null } });
  });

  it('opens a list whose subject is time on its default range, keeps another range and a cleared one', () => {
    const week = { from: new Date(2026, 10, 23), until: new Date(2026, 10, 29, 23, 59, 59) };
    const timed: GridDefaults = { ...defaults, range: () => week };
    const plain = viewFromSearch({}, timed);
    expect(plain.range).toEqual(week);
    expect(Object.values(searchOfView(plain, timed)).filter((v) => v !== undefined)).toEqual([]);

    const other = { ...plain, range: { from: new Date(2026, 10, 1), until: null } };
    expect(searchOfView(other, timed)).toMatchObject({ from: '2026-11-01', until: undefined });
    expect(viewFromSearch(searchOfView(other, timed), timed).range).toEqual(other.range);

    // Cleared: every date, written as an empty `from`, read back as no range (not the week).
    const cleared = { ...plain, range: { from: null, until: null } };
    expect(searchOfView(cleared, timed)).toMatchObject({ from: '', until: undefined });
    expect(viewFromSearch({ from: '' }, timed).range).toEqual({ from: null, until: null });
  });

  it('writes a changed direction on the default column', () => {
    const search = searchOfView({ ...viewFromSearch({}, defaults), dir: 'desc' }, defaults);
    expect(search).toMatchObject({ sort: 'number', dir: 'desc' });
  });
});

describe('server grid paging', () => {
  const view = { ...viewFromSearch({}, defaults), page: 4 };

  it('keeps the sort and filters when only the page changes', () => {
    expect(nextView(view, { page: 5 })).toMatchObject({ page: 5, sort: 'number' });
  });

  it('starts on the first page after a sort, filter, search or page-size change', () => {
    expect(nextView(view, { sort: 'name' }).page).toBe(0);
    expect(nextView(view, { filters: { status: '2' } })).toMatchObject({ page: 0, filters: { status: '2' } });
    expect(nextView(view, { q: 'x' }).page).toBe(0);
    expect(nextView(view, { pageSize: 100 }).page).toBe(0);
  });

  it('sends the list parameters, with the export overriding page and size', () => {
    const p = viewParams({ ...view, q: '  mail  ', range: { from: new Date(2026, 1, 1), until: null } });
    expect(Object.fromEntries(p)).toEqual({
      page: '4',
      pageSize: '50',
      sort: 'number',
      dir: 'asc',
      q: 'mail',
      from: '2026-02-01 00:00:00',
    });
    expect(viewParams(view, { page: 0, pageSize: 500 }).get('pageSize')).toBe('500');
  });
});

describe('export of every page', () => {
  it('reads every page until the total is reached', async () => {
    const rows = Array.from({ length: 1203 }, (_, i) => i);
    const pages: number[] = [];
    const all = await fetchAllPages(async (page) => {
      pages.push(page);
      return { items: rows.slice(page * 500, page * 500 + 500), total: rows.length };
    });
    expect(pages).toEqual([0, 1, 2]);
    expect(all).toHaveLength(1203);
  });

  it('stops on an empty page even if the total grew meanwhile', async () => {
    const all = await fetchAllPages(async (page) => ({ items: page === 0 ? [1] : [], total: 5 }));
    expect(all).toEqual([1]);
  });
});
