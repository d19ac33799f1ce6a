import { type Notification, notificationPageSchema, notificationReadAllSchema, notificationUnreadCountSchema } from '@pc/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridDefaults, GridView } from '../../components/data-grid/use-server-grid';
import { apiRequest } from '../../lib/api/api-client';

/** The bell never asks more often than this (the server's count is one index range anyway). */
export const UNREAD_POLL_MS = 30_000;

/** Every notification query starts with 'notifications': marking one read refreshes the bell and the page. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  latest: ['notifications', 'latest'] as const,
  page: (params: string) => ['notifications', 'page', params] as const,
};

export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => apiRequest('/notification/unread-count', { schema: notificationUnreadCountSchema, signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: UNREAD_POLL_MS,
    select: (d) => d.count,
  });
}

export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => apiRequest('/notification?page=0&pageSize=10', { schema: notificationPageSchema, signal }),
    enabled,
  });
}

function useRefreshNotifications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkNotificationRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/notification/${id}/read`, { method: 'POST', responseType: 'none' }),
    onSettled: refresh,
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: () => apiRequest('/notification/read-all', { method: 'POST', schema: notificationReadAllSchema }),
    onSettled: refresh,
  });
}

/** The full page opens on the newest notifications, read and unread, of every kind. */
export const notificationDefaults: GridDefaults = { pageSize: 25, sort: '', dir: 'desc', filters: { show: '', kind: '' } };

/** One page of the full list for a view (the query `useServerGrid` runs); refreshed with the bell. */
export function notificationPageQuery(view: GridView) {
  const params = new URLSearchParams({ page: String(view.page), pageSize: String(view.pageSize) });
  if (view.filters.show === 'unread') params.set('unread', 'true');
  if (view.filters.kind) params.set('kind', view.filters.kind);
  const q = view.q.trim();
  if (q) params.set('q', q.slice(0, 200));
  return queryOptions({
    queryKey: notificationKeys.page(params.toString()),
    queryFn: ({ signal }) => apiRequest(`/notification?${params}`, { schema: notificationPageSchema, signal }),
  });
}

/** Where a notification leads in the app (the server sends it): its item, or the screen of its kind. */
export const linkOf = (n: Notification) => n.link;
