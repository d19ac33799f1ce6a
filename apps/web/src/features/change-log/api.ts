import { changeLogEntrySchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';

/** The product's change log. */
export function useChangeLog() {
  return useQuery({
    queryKey: ['change-log'],
    queryFn: ({ signal }) => apiRequest('/change-log', { schema: z.array(changeLogEntrySchema), signal }),
    staleTime: 10 * 60_000,
  });
}
