import { type Appointment, appointmentPageSchema, appointmentSchema, timelineItemSchema } from '@pc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type GridDefaults, type GridView, viewParams } from '../../components/data-grid/use-server-grid';
import { currentWeek } from '../../components/date-range';
import { useRecordDelete, useRecordSave } from '../../components/form/record-mutations';
import { apiRequest } from '../../lib/api/api-client';
import { useSession } from '../../lib/session/session-store';

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DDTHH:mm:ss in local time (the timeline's range format). */
export const timelineStamp = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Every appointment query starts with 'appointments' (saving one refreshes them all); each carries the scope. */
export const calendarKeys = {
  appointments: ['appointments'] as const,
  between: (scopeId: string | null, from: Date, until: Date) =>
    ['appointments', scopeId, from.toISOString(), until.toISOString()] as const,
  page: (scopeId: string | null, params: string) => ['appointments', 'page', scopeId, params] as const,
  upcomingCount: (scopeId: string | null) => ['appointments', 'upcoming-count', scopeId] as const,
  dueItems: (scopeId: string | null, from: Date, until: Date) =>
    ['timeline-between', scopeId, timelineStamp(from), timelineStamp(until)] as const,
};

export function useAppointments(from: Date, until: Date) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: calendarKeys.between(scopeId, from, until),
    queryFn: ({ signal }) =>
      apiRequest(`/appointment?from=${encodeURIComponent(from.toISOString())}&until=${encodeURIComponent(until.toISOString())}`, {
        schema: z.array(appointmentSchema),
        signal,
      }),
  });
}

export function useDueItems(from: Date, until: Date) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: calendarKeys.dueItems(scopeId, from, until),
    queryFn: ({ signal }) =>
      apiRequest(`/timeline/between/${timelineStamp(from)}/${timelineStamp(until)}`, {
        schema: z.array(timelineItemSchema),
        signal,
      }),
    select: (items) => items.filter((i) => !i.hasHappened),
  });
}

/** The list opens on the current week, earliest first, 25 a page. */
export const appointmentListDefaults: GridDefaults = {
  pageSize: 25,
  sort: 'start',
  dir: 'asc',
  filters: {},
  range: () => currentWeek(),
};

/** The list's parameters; the appointment endpoint takes the range as instants with offset. */
function appointmentParams(view: GridView, page: number, pageSize: number): URLSearchParams {
  const p = viewParams(view, { page, pageSize });
  p.delete('from');
  p.delete('until');
  if (view.range.from) p.set('from', view.range.from.toISOString());
  if (view.range.until) p.set('until', view.range.until.toISOString());
  return p;
}

/** One page of the scope's appointments: range, text, sort and paging by the server. */
export function fetchAppointmentPage(view: GridView, page = view.page, pageSize = view.pageSize, signal?: AbortSignal) {
  return apiRequest(`/appointment/page?${appointmentParams(view, page, pageSize)}`, { schema: appointmentPageSchema, signal });
}

/** The query `useServerGrid` runs for a view of the list, per scope. */
export const appointmentPageQuery = (scopeId: string | null) => (view: GridView) =>
  queryOptions({
    queryKey: calendarKeys.page(scopeId, appointmentParams(view, view.page, view.pageSize).toString()),
    queryFn: ({ signal }) => fetchAppointmentPage(view, view.page, view.pageSize, signal),
  });

export const upcomingAppointmentCountQuery = (scopeId: string | null) =>
  queryOptions({
    queryKey: calendarKeys.upcomingCount(scopeId),
    queryFn: ({ signal }) => apiRequest('/appointment/upcoming-count', { schema: z.object({ count: z.number().int() }), signal }),
    staleTime: 60_000,
  });

export function useUpcomingAppointmentCount(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({ ...upcomingAppointmentCountQuery(scopeId), enabled, select: (d) => d.count });
}

export interface AppointmentInput {
  title: string;
  start: string;
  end: string;
  attendees: string;
}

export const useSaveAppointment = () =>
  useRecordSave<AppointmentInput, Appointment>('/appointment', appointmentSchema, calendarKeys.appointments);

export const useDeleteAppointment = () => useRecordDelete('/appointment', calendarKeys.appointments);
