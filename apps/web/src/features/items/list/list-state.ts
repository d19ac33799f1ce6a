import { type ItemTypeKey, itemSortFields } from '@pc/shared';
import { type GridDefaults, type GridView, viewParams } from '../../../components/data-grid/use-server-grid';
import { type DateRange, dateRangeParams } from '../../../components/date-range';
import { createStore, type Store } from '../../../lib/create-store';

export type SortField = (typeof itemSortFields)[number];

export interface ListState {
  page: number;
  pageSize: number;
  sort: SortField;
  dir: 'asc' | 'desc';
  q: string;
  statuses: readonly number[];
  /** Optional due-date range; a register opens without one (decision 0013). */
  range: DateRange;
}

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_SORT = { sort: 'number', dir: 'asc' } as const;
export const PAGE_SIZE_OPTIONS = [25, 50, 100];
/** The server's maximum page size; the Excel export fetches pages of this size. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * A register opens with every item of the scope by number, like the dashboard tile that links to
 * it counts them; the current-week default of spec 001 §2 would hide most of it (decision 0013).
 */
export function initialListState(): ListState {
  return { page: 0, pageSize: DEFAULT_PAGE_SIZE, ...DEFAULT_SORT, q: '', statuses: [], range: { from: null, until: null } };
}

/** Grid column → server sort field; other columns are not sortable on the server. */
export const sortFieldOf: Record<string, SortField | undefined> = {
  number: 'number',
  name: 'name',
  status: 'status',
  dueDate: 'dueDate',
  company: 'companyName',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};

export const columnOfSort = (sort: SortField) => (sort === 'companyName' ? 'company' : sort);

/** The list query string (GET /api/{type}) for the filters; `page`/`pageSize` may be overridden for the export. */
export function listQueryParams(state: ListState, override: { page?: number; pageSize?: number } = {}): URLSearchParams {
  const p = new URLSearchParams();
  p.set('page', String(override.page ?? state.page));
  p.set('pageSize', String(override.pageSize ?? state.pageSize));
  p.set('sort', itemSortFields.includes(state.sort) ? state.sort : 'number');
  p.set('dir', state.dir);
  const q = state.q.trim();
  if (q) p.set('q', q.slice(0, 200));
  if (state.statuses.length) p.set('status', [...state.statuses].sort((a, b) => a - b).join(','));
  const range = dateRangeParams(state.range);
  if (range.from || range.until) {
    p.set('dateField', 'dueDate');
    if (range.from) p.set('from', range.from);
    if (range.until) p.set('until', range.until);
  }
  return p;
}

/**
 * A register's view when its URL names none: every item of the scope by number, like the
 * dashboard tile that links to it counts them (decision 0013); `status` holds the chosen status
 * codes, comma-separated.
 */
export const registerDefaults: GridDefaults = { pageSize: DEFAULT_PAGE_SIZE, ...DEFAULT_SORT, filters: { status: '' } };

/** The status codes a register's view filters by. */
export const statusesOf = (view: GridView): number[] =>
  (view.filters.status ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n));

/** The register's query string (GET /api/{type}) for a view; `page`/`pageSize` may be overridden for the export. */
export function registerParams(view: GridView, override: { page?: number; pageSize?: number } = {}): URLSearchParams {
  const sort = (itemSortFields as readonly string[]).includes(view.sort) ? view.sort : 'number';
  const p = viewParams({ ...view, sort }, override);
  const statuses = statusesOf(view);
  if (statuses.length) p.set('status', statuses.sort((a, b) => a - b).join(','));
  // The date range of a register is the due date.
  if (p.has('from') || p.has('until')) p.set('dateField', 'dueDate');
  return p;
}

/** Any filter narrowing a register's view (for the empty state: "nothing matches" vs "nothing yet"). */
export function viewHasFilters(view: GridView): boolean {
  return view.q.trim() !== '' || statusesOf(view).length > 0 || !!view.range.from || !!view.range.until;
}

/** Any filter narrowing the list (for the empty state: "nothing matches" vs "nothing yet"). */
export function hasFilters(state: ListState): boolean {
  return state.q.trim() !== '' || state.statuses.length > 0 || !!state.range.from || !!state.range.until;
}

// One store per user and type: coming back from a detail page keeps page, sort and filters;
// another user logging in on this tab starts afresh.
const stores = new Map<string, Store<ListState>>();

/** `list` is the item type, or another list over items (`service-agreement`). */
export function listStore(userId: string, list: ItemTypeKey | 'service-agreement'): Store<ListState> {
  const key = `${userId}:${list}`;
  let store = stores.get(key);
  if (!store) {
    store = createStore(initialListState());
    stores.set(key, store);
  }
  return store;
}
