import {
  type ProjectInput,
  projectSchema,
  type TimeRecordInput,
  type TimeRecordPageQuery,
  timeBudgetElementSchema,
  timeRecordPageSchema,
  timeRecordSchema,
} from '@pc/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type GridDefaults, type GridView, viewParams } from '../../components/data-grid/use-server-grid';
import { currentWeek } from '../../components/date-range';
import { apiRequest } from '../../lib/api/api-client';
import { toDay } from '../../lib/format';
import { useSession } from '../../lib/session/session-store';

export function useProjects(enabled = true) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: ['projects', scopeId],
    queryFn: ({ signal }) => apiRequest('/project', { schema: z.array(projectSchema), signal }),
    enabled,
  });
}

export function useSaveProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, ifMatch }: { id: string | null; input: ProjectInput; ifMatch?: number }) =>
      apiRequest(id ? `/project/${id}` : '/project', {
        method: id ? 'PUT' : 'POST',
        json: input,
        schema: projectSchema,
        ifMatch: id ? ifMatch : undefined,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}

export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/project/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}

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
    queryKey: ['time-records', 'page', scopeId, recordParams(view, view.page, view.pageSize).toString()] as const,
    queryFn: ({ signal }) => fetchTimeRecordView(view, view.page, view.pageSize, signal),
  });

export function useSaveTimeRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, ifMatch }: { id: string | null; input: TimeRecordInput; ifMatch?: number }) =>
      apiRequest(id ? `/time-record/${id}` : '/time-record', {
        method: id ? 'PUT' : 'POST',
        json: input,
        schema: timeRecordSchema,
        ifMatch: id ? ifMatch : undefined,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['time-records'] }),
  });
}

export function useDeleteTimeRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/time-record/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['time-records'] }),
  });
}

/** The budget elements of the projects in scope (planned against booked hours and money). */
export function useTimeBudgetElements(scopeId: string | null) {
  return useQuery({
    queryKey: ['time-budget-elements', scopeId],
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
    queryKey: ['time-records', 'last', scopeId, userId],
    queryFn: async ({ signal }) => {
      const url = timeRecordPageUrl({ userId: userId ?? undefined }, 'day', 'desc', 0, 1);
      return (await fetchTimeRecordPage(url, signal)).items[0] ?? null;
    },
    enabled: enabled && !!userId,
  });
}
