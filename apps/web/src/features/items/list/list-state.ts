import { type ItemTypeKey, itemSortFields, itemTypeDefs, type TagType } from '@pc/shared';
import { type GridDefaults, type GridView, viewParams } from '../../../components/data-grid/use-server-grid';

export type SortField = (typeof itemSortFields)[number];

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_SORT = { sort: 'number', dir: 'asc' } as const;
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

/**
 * A register's view when its URL names none: every item of the scope by number, like the
 * dashboard tile that links to it counts them (decision 0013); `status` holds the chosen status
 * codes, comma-separated; `assigneeId` and `tagId` one person and one tag ('' for any).
 */
export const registerDefaults: GridDefaults = {
  pageSize: DEFAULT_PAGE_SIZE,
  ...DEFAULT_SORT,
  filters: { status: '', assigneeId: '', tagId: '' },
};

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
  if (view.filters.assigneeId) p.set('assigneeId', view.filters.assigneeId);
  if (view.filters.tagId) p.set('tagId', view.filters.tagId);
  // The date range of a register is the due date.
  if (p.has('from') || p.has('until')) p.set('dateField', 'dueDate');
  return p;
}

/** The list over the three kinds of service agreement: a register's view plus the kind ('' for all). */
export const serviceAgreementDefaults: GridDefaults = {
  ...registerDefaults,
  filters: { ...registerDefaults.filters, kind: '' },
};

/** GET /api/service-agreement's query string: a register's, narrowed to one kind if chosen. */
export function serviceAgreementParams(view: GridView, override: { page?: number; pageSize?: number } = {}) {
  const p = registerParams(view, override);
  if (view.filters.kind) p.set('kind', view.filters.kind);
  return p;
}

/** How many of the page's own filters and the date range narrow the view (the quick search not counted). */
export function activeFilterCount(view: GridView): number {
  const own = Object.values(view.filters).filter((v) => v !== '').length;
  return own + (view.range.from || view.range.until ? 1 : 0);
}

/** Any filter narrowing a register's view (for the empty state: "nothing matches" vs "nothing yet"). */
export function viewHasFilters(view: GridView): boolean {
  return (
    view.q.trim() !== '' ||
    statusesOf(view).length > 0 ||
    !!view.filters.assigneeId ||
    !!view.filters.tagId ||
    !!view.range.from ||
    !!view.range.until
  );
}

/** The kinds of tag the register's items carry (the service-agreement list: those of all three kinds). */
export function tagTypesOf(types: readonly ItemTypeKey[]): TagType[] {
  const kinds = new Set<TagType>();
  for (const type of types) {
    for (const f of itemTypeDefs[type].fields) if (f.kind === 'tags') kinds.add(f.tagType as TagType);
  }
  return [...kinds];
}
