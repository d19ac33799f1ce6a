import { securityLogPageSchema } from '@pc/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GridDefaults, GridView } from '../../components/data-grid/use-server-grid';
import { apiRequest } from '../../lib/api/api-client';

export type SecurityLogPage = z.infer<typeof securityLogPageSchema>;
export type SecurityEvent = SecurityLogPage['items'][number];

export interface SecurityLogQuery {
  page: number;
  pageSize: number;
  type: string | null;
}

export const securityLogKeys = {
  all: ['security-log'] as const,
  page: (query: SecurityLogQuery) => ['security-log', query] as const,
};

export function fetchSecurityLog({ page, pageSize, type }: SecurityLogQuery, signal?: AbortSignal): Promise<SecurityLogPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (type) params.set('type', type);
  return apiRequest(`/security-log?${params}`, { schema: securityLogPageSchema, signal });
}

/** The log opens on the newest events, 50 a page, every event type (`type` '' means all). */
export const securityLogDefaults: GridDefaults = { pageSize: 50, sort: '', dir: 'desc', filters: { type: '' } };

/** One page of the log for a view of the list (the query `useServerGrid` runs). */
export function securityLogQuery(view: GridView) {
  const query = { page: view.page, pageSize: view.pageSize, type: view.filters.type || null };
  return queryOptions({
    queryKey: securityLogKeys.page(query),
    queryFn: ({ signal }) => fetchSecurityLog(query, signal),
  });
}
