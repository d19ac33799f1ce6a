import { describe, expect, it } from 'vitest';
import { viewFromSearch } from '../../../components/data-grid/use-server-grid';
import {
  hasFilters,
  initialListState,
  listQueryParams,
  listStore,
  registerDefaults,
  registerParams,
  viewHasFilters,
} from './list-state';

describe('register list query', () => {
  it('opens on page 0 with 50 rows, every item by number, no due-date range', () => {
    const state = initialListState();
    expect(Object.fromEntries(listQueryParams(state))).toEqual({ page: '0', pageSize: '50', sort: 'number', dir: 'asc' });
    expect(hasFilters(state)).toBe(false);
  });

  it('sends a chosen due-date range', () => {
    const state = { ...initialListState(), range: { from: new Date(2025, 0, 6), until: new Date(2025, 0, 12, 23, 59, 59) } };
    expect(Object.fromEntries(listQueryParams(state))).toMatchObject({
      dateField: 'dueDate',
      from: '2025-01-06 00:00:00',
      until: '2025-01-12 23:59:59',
    });
  });

  it('sends search, status and sort; drops a cleared range', () => {
    const state = {
      ...initialListState(),
      q: '  Lohn ',
      statuses: [2, 0],
      sort: 'companyName' as const,
      dir: 'asc' as const,
      range: { from: null, until: null },
    };
    expect(Object.fromEntries(listQueryParams(state))).toEqual({
      page: '0',
      pageSize: '50',
      sort: 'companyName',
      dir: 'asc',
      q: 'Lohn',
      status: '0,2',
    });
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters({ ...state, q: ' ', statuses: [] })).toBe(false);
  });

  it('lets the export ask for other pages of 500', () => {
    const q = listQueryParams({ ...initialListState(), page: 3 }, { page: 1, pageSize: 500 });
    expect(q.get('page')).toBe('1');
    expect(q.get('pageSize')).toBe('500');
  });

  it('keeps one state per user and type', () => {
    const a = listStore('u1', 'process');
    a.setState({ page: 2 });
    expect(listStore('u1', 'process').getState().page).toBe(2);
    expect(listStore('u2', 'process').getState().page).toBe(0);
    expect(listStore('u1', 'issue').getState().page).toBe(0);
  });
});

describe('register view from the URL', () => {
  it('opens a plain URL on every item by number, 50 rows, no filter', () => {
    const view = viewFromSearch({}, registerDefaults);
    expect(Object.fromEntries(registerParams(view))).toEqual({ page: '0', pageSize: '50', sort: 'number', dir: 'asc' });
    expect(viewHasFilters(view)).toBe(false);
  });

  it('sends the statuses in order, the due-date range and a known sort only', () => {
    const view = viewFromSearch(
      { status: '2,0', from: '2025-01-06', until: '2025-01-12', sort: 'nope', page: 3 },
      registerDefaults,
    );
    expect(Object.fromEntries(registerParams(view))).toEqual({
      page: '2',
      pageSize: '50',
      sort: 'number',
      dir: 'asc',
      from: '2025-01-06 00:00:00',
      until: '2025-01-12 23:59:59',
      status: '0,2',
      dateField: 'dueDate',
    });
    expect(viewHasFilters(view)).toBe(true);
  });
});
