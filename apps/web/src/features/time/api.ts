import {
  bookedByGroupings,
  bookedForGroupings,
  dateGroupings,
  type Project,
  type ProjectInput,
  projectSchema,
  type TimeRecord,
  type TimeRecordInput,
  type TimeRecordPageQuery,
  timeBudgetElementSchema,
  timeComparisonChartSchema,
  timeComparisonPageSchema,
  timeRecordPageSchema,
  timeRecordSchema,
} from '@pc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type GridDefaults, type GridView, viewParams } from '../../components/data-grid/use-server-grid';
import { currentWeek, type DateRange } from '../../components/date-range';
import { useRecordDelete, useRecordSave } from '../../components/form/record-mutations';
import { apiRequest } from '../../lib/api/api-client';
import { toDay } from '../../lib/format';
import { useSession } from '../../lib/session/session-store';

/**
 * The feature's query keys. Each kind starts with its own word, so saving a project refreshes every
 * project list and saving a record every record list, in any scope.
 */
export const timeKeys = {
  projects: ['projects'] as const,
  projectList: (scopeId: string | null) => ['projects', scopeId] as const,
  records: ['time-records'] as const,
  recordPage: (scopeId: string | null, params: string) => ['time-records', 'page', scopeId, params] as const,
  recordSlice: (url: string) => ['time-records', 'drill', url] as const,
  lastRecord: (scopeId: string | null, userId: string | null) => ['time-records', 'last', scopeId, userId] as const,
  comparison: (scopeId: string | null, params: string) => ['time-comparison', scopeId, params] as const,
  comparisonChart: (scopeId: string | null, params: string) => ['time-comparison', 'chart', scopeId, params] as const,
  budgetElements: (scopeId: string | null) => ['time-budget-elements', scopeId] as const,
};

export function useProjects(enabled = true) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: timeKeys.projectList(scopeId),
    queryFn: ({ signal }) => apiRequest('/project', { schema: z.array(projectSchema), signal }),
    enabled,
  });
}

export const useSaveProject = () => useRecordSave<ProjectInput, Project>('/project', projectSchema, timeKeys.projects);

export const useDeleteProject = () => useRecordDelete('/project', timeKeys.projects);

export type RecordFilter = Partial<Pick<TimeRecordPageQuery, 'from' | 'until' | 'companyId' | 'projectId' | 'userId' | 'itemId'>>;

export function timeRecordPageUrl(
  f: RecordFilter,
  sort: TimeRecordPageQuery['sort'],
  dir: 'asc' | 'desc',
  page: number,
  pageSize: number,
) {
  const p = new URLSearchParams({ sort, dir, page: String(page), pageSize: String(pageSize) });
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return `/time-record/page?${p}`;
}

export const fetchTimeRecordPage = (url: string, signal?: AbortSignal) =>
  apiRequest(url, { schema: timeRecordPageSchema, signal });

/** The records list opens on the current week, newest day first, 25 a page, every company, project and person. */
export const timeRecordListDefaults: GridDefaults = {
  pageSize: 25,
  sort: 'day',
  dir: 'desc',
  filters: { companyId: '', projectId: '', userId: '' },
  range: () => currentWeek(),
};

/** The endpoint's parameters for a view: calendar days for the range, the page's filters. */
function recordParams(view: GridView, page: number, pageSize: number): URLSearchParams {
  const p = viewParams(view, { page, pageSize });
  for (const k of ['from', 'until', 'q']) p.delete(k);
  if (view.range.from) p.set('from', toDay(view.range.from));
  if (view.range.until) p.set('until', toDay(view.range.until));
  for (const [k, v] of Object.entries(view.filters)) if (v) p.set(k, v);
  return p;
}

/** One page of records (with the sums over every match) for a view of the list. */
export function fetchTimeRecordView(view: GridView, page = view.page, pageSize = view.pageSize, signal?: AbortSignal) {
  return fetchTimeRecordPage(`/time-record/page?${recordParams(view, page, pageSize)}`, signal);
}

/** The query `useServerGrid` runs for a view of the list, per scope. */
export const timeRecordPageQuery = (scopeId: string | null) => (view: GridView) =>
  queryOptions({
    queryKey: timeKeys.recordPage(scopeId, recordParams(view, view.page, view.pageSize).toString()),
    queryFn: ({ signal }) => fetchTimeRecordView(view, view.page, view.pageSize, signal),
  });

export const useSaveTimeRecord = () =>
  useRecordSave<TimeRecordInput, TimeRecord>('/time-record', timeRecordSchema, timeKeys.records);

export const useDeleteTimeRecord = () => useRecordDelete('/time-record', timeKeys.records);

/** The budget elements of the projects in scope (planned against booked hours and money). */
export function useTimeBudgetElements(scopeId: string | null) {
  return useQuery({
    queryKey: timeKeys.budgetElements(scopeId),
    queryFn: ({ signal }) =>
      apiRequest('/time-comparison/query-time-budget-element', { schema: z.array(timeBudgetElementSchema), signal }),
  });
}

/**
 * The user's latest booking in the scope (one row of their own records, newest day first): a new
 * booking starts on its company and project.
 */
export function useLastTimeRecord(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const userId = useSession((s) => s.me?.id ?? null);
  return useQuery({
    queryKey: timeKeys.lastRecord(scopeId, userId),
    queryFn: async ({ signal }) => {
      const url = timeRecordPageUrl({ userId: userId ?? undefined }, 'day', 'desc', 0, 1);
      return (await fetchTimeRecordPage(url, signal)).items[0] ?? null;
    },
    enabled: enabled && !!userId,
  });
}

/** One page of the records behind a figure (a comparison row's period, company, project, person, item), oldest day first. */
export function useTimeRecordSlice(filter: RecordFilter, page: number, pageSize: number) {
  const url = timeRecordPageUrl(filter, 'day', 'asc', page, pageSize);
  return useQuery({ queryKey: timeKeys.recordSlice(url), queryFn: ({ signal }) => fetchTimeRecordPage(url, signal) });
}

export function currentMonth(now = new Date()): DateRange {
  return {
    from: new Date(now.getFullYear(), now.getMonth(), 1),
    until: new Date(now.getFullYear(), now.getMonth() + 1, 0, 23, 59, 59),
  };
}

/**
 * The comparison opens on the current month, grouped by company and month for everyone, 14 rows a
 * page (the endpoint's sizes); the grouping and the company and project are the list's filters.
 */
export const timeComparisonDefaults: GridDefaults = {
  pageSize: 14,
  pageSizes: [14, 30, 45],
  sort: '',
  dir: 'asc',
  filters: { bookedFor: 'Company', bookedBy: 'Global', dateGrouping: 'Month', companyId: '', projectId: '' },
  range: () => currentMonth(),
};

/** A grouping from the URL, or the default where it names none the endpoint knows. */
const oneOf = <T extends string>(options: readonly T[], value: string | undefined, fallback: T): T =>
  options.find((o) => o === value) ?? fallback;

/** How the view groups the comparison (a hand-edited URL falls back to the defaults). */
export function comparisonGrouping(view: GridView) {
  return {
    bookedFor: oneOf(bookedForGroupings, view.filters.bookedFor, 'Company'),
    bookedBy: oneOf(bookedByGroupings, view.filters.bookedBy, 'Global'),
    dateGrouping: oneOf(dateGroupings, view.filters.dateGrouping, 'Month'),
  };
}

function comparisonParams(view: GridView, page: number, pageSize: number): URLSearchParams {
  const p = new URLSearchParams({ ...comparisonGrouping(view), page: String(page), pageSize: String(pageSize) });
  if (view.range.from) p.set('from', toDay(view.range.from));
  if (view.range.until) p.set('until', toDay(view.range.until));
  if (view.filters.companyId) p.set('companyId', view.filters.companyId);
  if (view.filters.projectId) p.set('projectId', view.filters.projectId);
  return p;
}

/** One page of the comparison for a view (grouped and summed by the server). */
export function fetchTimeComparison(view: GridView, page = view.page, pageSize = view.pageSize, signal?: AbortSignal) {
  return apiRequest(`/time-comparison/query?${comparisonParams(view, page, pageSize)}`, {
    schema: timeComparisonPageSchema,
    signal,
  });
}

/** The query `useServerGrid` runs for a view of the comparison, per scope; it needs both ends of the range. */
export const timeComparisonQuery = (scopeId: string | null) => (view: GridView) =>
  queryOptions({
    queryKey: timeKeys.comparison(scopeId, comparisonParams(view, view.page, view.pageSize).toString()),
    queryFn: ({ signal }) => fetchTimeComparison(view, view.page, view.pageSize, signal),
    enabled: !!view.range.from && !!view.range.until,
  });

/** The chart of a view: every matching row summed per period and company or person (not only this page). */
export function useTimeComparisonChart(view: GridView) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const params = comparisonParams(view, 0, 1);
  params.delete('page');
  params.delete('pageSize');
  return useQuery({
    queryKey: timeKeys.comparisonChart(scopeId, params.toString()),
    queryFn: ({ signal }) => apiRequest(`/time-comparison/chart?${params}`, { schema: timeComparisonChartSchema, signal }),
    enabled: !!view.range.from && !!view.range.until,
  });
}
