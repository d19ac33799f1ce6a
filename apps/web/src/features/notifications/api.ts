import { notificationPageSchema, notificationReadAllSchema, notificationUnreadCountSchema } from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';

/** The bell never asks more often than this (the server's count is one index range anyway). */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) => apiRequest('/notification/unread-count', { schema: notificationUnreadCountSchema, signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: UNREAD_POLL_MS,
    select: (d) => d.count,
  });
}

export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'latest'],
    queryFn: ({ signal }) => apiRequest('/notification?page=0&pageSize=10', { schema: notificationPageSchema, signal }),
    enabled,
  });
}

function useRefreshNotifications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['notifications'] });
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
