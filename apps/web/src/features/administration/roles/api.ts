import { roleSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

/** The same key the users page reads roles under, so both stay in step. */
export const rolesKey = ['admin', 'roles'] as const;

export interface RoleInput {
  name: string;
  claims: string[];
}

export function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: () => apiRequest('/role', { schema: z.array(roleSchema) }) });
}

export function saveRole(id: string | null, body: RoleInput, ifMatch?: number) {
  const schema = z.object({ id: z.uuid(), version: z.number().int().optional() });
  return id
    ? apiRequest(`/role/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema, ifMatch })
    : apiRequest('/role', { method: 'POST', json: body, schema });
}

export function deleteRole(id: string) {
  return apiRequest(`/role/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
}
