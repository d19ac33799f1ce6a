import { companyListItemSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api/api-client';

/** The companies the user may choose for a new entry (tags, projects), loaded when asked for. */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['company', 'list-items'],
    queryFn: () => apiRequest('/company/list-items', { schema: z.array(companyListItemSchema) }),
    enabled,
  });
}
