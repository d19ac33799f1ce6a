import { type AdminUser, adminUserSchema, companyListItemSchema, roleSchema } from '@pc/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export const usersKey = ['admin', 'users'] as const;
/** Shared with the roles page: both read /api/role. */
export const rolesKey = ['admin', 'roles'] as const;

export type UserInput = Omit<
  AdminUser,
  | 'id'
  | 'companyName'
  | 'roleNames'
  | 'lockedUntil'
  | 'twoFactorEnabled'
  | 'mustChangePassword'
  | 'hasPassword'
  | 'pendingEmail'
  | 'external'
  | 'rights'
>;

export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: () => apiRequest('/user', { schema: z.array(adminUserSchema) }) });
}

export function useRoleOptions() {
  return useQuery({ queryKey: rolesKey, queryFn: () => apiRequest('/role', { schema: z.array(roleSchema) }) });
}

/** Every company the administrator may see (not only the scope): users are granted from these. */
export function useCompanyOptions() {
  return useQuery({
    queryKey: ['company', 'list-items'],
    queryFn: () => apiRequest('/company/list-items', { schema: z.array(companyListItemSchema) }),
  });
}

export function saveUser(id: string | null, body: UserInput, ifMatch?: number) {
  return id
    ? apiRequest(`/user/${encodeURIComponent(id)}`, { method: 'PUT', json: body, schema: adminUserSchema, ifMatch })
    : apiRequest('/user', { method: 'POST', json: body, schema: adminUserSchema });
}

/** A granting company gives the external person other roles (and so resumes a suspended grant). */
export function saveGrant(id: string, body: { companyId: string; roleIds: string[] }) {
  return apiRequest(`/user/${encodeURIComponent(id)}/grant`, { method: 'PUT', json: body, schema: adminUserSchema });
}

export function revokeGrant(id: string, companyId: string) {
  return apiRequest(`/user/${encodeURIComponent(id)}/grant?companyId=${encodeURIComponent(companyId)}`, {
    method: 'DELETE',
    responseType: 'none',
  });
}

/** The row actions that are a single POST without a body. */
export type UserCommand = 'unlock' | 'reset-two-factor' | 'force-password-change' | 'invite';

export function runUserCommand(id: string, command: UserCommand) {
  return apiRequest(`/user/${encodeURIComponent(id)}/${command}`, { method: 'POST', responseType: 'none' });
}
