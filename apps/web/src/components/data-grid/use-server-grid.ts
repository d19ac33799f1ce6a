import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type DateRange, dateRangeParams } from '../date-range';

/** What a server-paged list shows: the page, its size, the sort, the quick search, a date range and the page's own filters. */
export interface GridView {
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
  q: string;
  range: DateRange;
  /** The page's own filters (a status list, an event type), each one URL parameter. */
  filters: Readonly<Record<string, string>>;
}

export interface GridDefaults {
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
  /** Every filter the page has, with the value that means "no filter" (usually ''). */
  filters: Readonly<Record<string, string>>;
  /**
   * The date range a plain link opens with, for lists whose subject is time (the current week);
   * registers have none. A range the user cleared is kept in the URL as an empty `from`.
   */
  range?: () => DateRange;
  /** The page sizes offered, for a list whose endpoint has its own (else 25, 50, 100). */
  pageSizes?: readonly number[];
}

export const GRID_PAGE_SIZES = [25, 50, 100] as const;
/** The server's maximum page size; an export fetches pages of this size. */
export const EXPORT_PAGE_SIZE = 500;
/** The quick search waits this long after the last key before it queries. */
export const SEARCH_DELAY_MS = 300;

const text = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

function dayOf(v: unknown, end: boolean): Date | null {
  const s = text(v);
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return null;
  const d = end
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59)
    : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

const dayText = (d: Date | null) =>
  d && !Number.isNaN(d.getTime())
    ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    : undefined;

/**
 * The view a URL's search parameters describe. Anything missing or unusable (a page size the list
 * does not offer, a negative page) falls back to the list's default, so a hand-edited or stale
 * link still opens the list.
 */
export function viewFromSearch(search: Readonly<Record<string, unknown>>, defaults: GridDefaults): GridView {
  const page = Number(text(search.page) ?? 1);
  const size = Number(text(search.size));
  const dir = text(search.dir);
  const filters: Record<string, string> = {};
  for (const [name, none] of Object.entries(defaults.filters)) filters[name] = text(search[name]) ?? none;
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (defaults.pageSizes ?? (GRID_PAGE_SIZES as readonly number[])).includes(size) ? size : defaults.pageSize,
    sort: text(search.sort) || defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : defaults.dir,
    q: text(search.q) ?? '',
    range:
      defaults.range && search.from === undefined && search.until === undefined
        ? defaults.range()
        : { from: dayOf(search.from, false), until: dayOf(search.until, true) },
    filters,
  };
}

/**
 * The search parameters of a view: only what differs from the defaults (undefined removes a
 * parameter), so a list opened plainly keeps a plain URL. Pages count from 1 in the URL as on screen.
 */
export function searchOfView(view: GridView, defaults: GridDefaults): Record<string, string | number | undefined> {
  const search: Record<string, string | number | undefined> = {
    page: view.page > 0 ? view.page + 1 : undefined,
    size: view.pageSize !== defaults.pageSize ? view.pageSize : undefined,
    sort: view.sort !== defaults.sort || view.dir !== defaults.dir ? view.sort : undefined,
    dir: view.sort !== defaults.sort || view.dir !== defaults.dir ? view.dir : undefined,
    q: view.q !== '' ? view.q : undefined,
    ...rangeSearch(view.range, defaults),
  };
  for (const [name, none] of Object.entries(defaults.filters)) {
    const value = view.filters[name] ?? none;
    search[name] = value !== none ? value : undefined;
  }
  return search;
}

/** The range's search parameters: none for the default range, an empty `from` for "all dates" where a default exists. */
function rangeSearch(range: DateRange, defaults: GridDefaults): { from?: string; until?: string } {
  const from = dayText(range.from);
  const until = dayText(range.until);
  if (!defaults.range) return { from, until };
  const start = defaults.range();
  if (from === dayText(start.from) && until === dayText(start.until)) return { from: undefined, until: undefined };
  return from === undefined && until === undefined ? { from: '', until: undefined } : { from, until };
}

/**
 * A change to the view: anything but the page itself (a sort, a filter, the page size) starts again
 * on the first page, since the old page number means nothing in the new order.
 */
export function nextView(view: GridView, patch: Partial<GridView>): GridView {
  const next = { ...view, ...patch, filters: { ...view.filters, ...patch.filters } };
  const onlyPaging = Object.keys(patch).every((k) => k === 'page');
  return onlyPaging ? next : { ...next, page: patch.page ?? 0 };
}

/** The list parameters every paged endpoint reads (`page`, `pageSize`, `sort`, `dir`, `q`, `from`, `until`). */
export function viewParams(view: GridView, override: { page?: number; pageSize?: number } = {}): URLSearchParams {
  const p = new URLSearchParams();
  p.set('page', String(override.page ?? view.page));
  p.set('pageSize', String(override.pageSize ?? view.pageSize));
  p.set('sort', view.sort);
  p.set('dir', view.dir);
  const q = view.q.trim();
  if (q) p.set('q', q.slice(0, 200));
  const range = dateRangeParams(view.range);
  if (range.from) p.set('from', range.from);
  if (range.until) p.set('until', range.until);
  return p;
}

/** Whether a URL's search names any part of a list's view (a plain link to the list names none). */
export function namesView(search: Readonly<Record<string, unknown>>, defaults: GridDefaults): boolean {
  const keys = ['page', 'size', 'sort', 'dir', 'q', 'from', 'until', ...Object.keys(defaults.filters)];
  return keys.some((k) => search[k] !== undefined);
}

const withoutUndefined = (search: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined));

// The last view of each remembered list, for this tab's life: a plain link back to the list (the
// menu, the detail page's cancel or delete) opens it as it was left.
const lastViews = new Map<string, Record<string, unknown>>();

export interface ServerPage<R> {
  items: R[];
  total: number;
}

export interface ServerGridOptions<P extends ServerPage<unknown>, K extends QueryKey> {
  /**
   * The feature's query options for one view (from its `api.ts`: key factory and fetcher). A page
   * may carry more than its rows (the sums of a time list).
   */
  query: (view: GridView) => UseQueryOptions<P, Error, P, K>;
  /** A module constant: a new object each render would rebuild the view each render. */
  defaults: Partial<GridDefaults>;
  /**
   * The list's name for the view it was left with (e.g. user and type): opened by a plain link,
   * it shows that view again. A new user on the tab gets a new name and so a fresh list.
   */
  remember?: string;
}

/**
 * A server-paged list's state and data. The view lives in the URL, so back/forward and a reload
 * show the same page, sort and filters; the previous page stays on screen while the next loads;
 * the quick search queries once typing pauses.
 */
export function useServerGrid<P extends ServerPage<unknown>, K extends QueryKey = QueryKey>({
  query: queryOf,
  defaults: partial,
  remember,
}: ServerGridOptions<P, K>) {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const defaults: GridDefaults = useMemo(() => ({ pageSize: 50, sort: '', dir: 'asc', filters: {}, ...partial }), [partial]);
  // Only on opening: within the list, a plain URL (back to the first view, a reset) is what it says.
  const [restore, setRestore] = useState(() => (remember && !namesView(search, defaults) ? lastViews.get(remember) : undefined));
  // Opened by a plain link with nothing remembered: a saved default view may take over.
  const [openedPlain] = useState(() => !namesView(search, defaults) && !(remember && lastViews.has(remember)));
  const view = useMemo(() => viewFromSearch(restore ?? search, defaults), [restore, search, defaults]);
  useEffect(() => {
    if (!restore) return;
    if (namesView(search, defaults)) setRestore(undefined);
    else void navigate({ to: '.', replace: true, search: (prev: Record<string, unknown>) => ({ ...prev, ...restore }) } as never);
  }, [restore, search, defaults, navigate]);
  useEffect(() => {
    if (!remember || restore) return;
    const named = withoutUndefined(searchOfView(view, defaults));
    if (Object.keys(named).length) lastViews.set(remember, named);
    else lastViews.delete(remember);
  }, [remember, restore, view, defaults]);

  const setView = useCallback(
    (patch: Partial<GridView>, replace = false) => {
      void navigate({
        to: '.',
        replace,
        search: (prev: Record<string, unknown>) => {
          return withoutUndefined({ ...prev, ...searchOfView(nextView(viewFromSearch(prev, defaults), patch), defaults) });
        },
      } as never);
    },
    [navigate, defaults],
  );

  // The search box shows what is typed at once; the URL and the query follow after a pause.
  // Typing replaces the history entry instead of adding one per pause.
  const [searchText, setSearchText] = useState(view.q);
  useEffect(() => setSearchText(view.q), [view.q]);
  useEffect(() => {
    if (searchText === view.q) return;
    const id = setTimeout(() => setView({ q: searchText }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [searchText, view.q, setView]);

  const query = useQuery({ ...queryOf(view), placeholderData: keepPreviousData });

  return { view, setView, searchText, setSearchText, query, defaults, openedPlain };
}

export type ServerGrid<R> = ReturnType<typeof useServerGrid<ServerPage<R>>>;
