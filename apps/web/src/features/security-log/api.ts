import { securityLogPageSchema } from '@pc/shared';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';

export type SecurityLogPage = z.infer<typeof securityLogPageSchema>;
export type SecurityEvent = SecurityLogPage['items'][number];

export interface SecurityLogQuery {
  page: number;
  pageSize: number;
  type: string | null;
}

export function fetchSecurityLog({ page, pageSize, type }: SecurityLogQuery): Promise<SecurityLogPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (type) params.set('type', type);
  return apiRequest(`/security-log?${params}`, { schema: securityLogPageSchema });
}
