import { userLookupSchema } from '@pc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api/api-client';

/** Active users of the visible companies, for every user picker (owner, assignee, DPO). */
export const userLookupQuery = queryOptions({
  queryKey: ['user-lookup'],
  queryFn: () => apiRequest('/user/lookup', { schema: z.array(userLookupSchema) }),
  staleTime: 5 * 60_000,
});

export function useUserLookup() {
  return useQuery(userLookupQuery);
}
