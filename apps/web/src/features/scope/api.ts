import { companyListItemSchema, type UserMe, userMeSchema } from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { scopeIndependentKeys } from '../../lib/query-client';
import { listAfterScopeChange } from '../../lib/routing/route-table';
import { setMe } from '../../lib/session/session-actions';

export const companyListKey = ['company', 'list-items'] as const;

export function fetchCompanyListItems() {
  return apiRequest('/company/list-items', { schema: z.array(companyListItemSchema) });
}

/** All companies the user may see, inactive included; the dialog filters client-side. */
export function useCompanyListItems(enabled = true) {
  return useQuery({ queryKey: companyListKey, queryFn: fetchCompanyListItems, enabled });
}

const scopeChoicesKey = ['scope-choices'] as const;

/**
 * What the scope dialog offers, whatever the current scope: the companies of the user's own
 * tenant, then those of other tenants that granted them access (marked `granted`).
 */
export function useScopeChoices(enabled = true) {
  return useQuery({
    queryKey: scopeChoicesKey,
    enabled,
    queryFn: async () => {
      const [own, granted] = await Promise.all([
        apiRequest('/company/list-items', { schema: z.array(companyListItemSchema), scope: null }),
        apiRequest('/company/granted', { schema: z.array(companyListItemSchema), scope: null }),
      ]);
      const ids = new Set(own.map((c) => c.id));
      return [
        ...own.map((c) => ({ ...c, granted: false })),
        ...granted.filter((c) => !ids.has(c.id)).map((c) => ({ ...c, granted: true })),
      ];
    },
  });
}

/** Logos are fetched with the Bearer token (an <img src> could not send it) and kept as object URLs. */
export function useCompanyLogo(companyId: string, hasLogo: boolean) {
  return useQuery({
    queryKey: ['company-logo', companyId],
    queryFn: async () =>
      URL.createObjectURL(
        await apiRequest<Blob>(`/company/${encodeURIComponent(companyId)}/logo?width=150&height=50`, {
          responseType: 'blob',
        }),
      ),
    enabled: hasLogo,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function putScope(companyId: string | null): Promise<UserMe> {
  return apiRequest('/user/scope', { method: 'PUT', json: { companyId }, schema: userMeSchema, scope: companyId });
}

/**
 * Changing the scope changes every list: store it, then refetch everything scope-dependent. An
 * open entry belongs to the company left behind: the page moves to its register's list first, so
 * the refetch never answers "no such entry".
 */
export function useSetScope() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: putScope,
    onSuccess: (me) => {
      setMe(me);
      // The claims may differ in the new scope (a grant of another tenant): the app's guards,
      // menus and controls follow `me`, which the answer brought for the new scope.
      const list = listAfterScopeChange(router.state.location.pathname);
      if (list) void router.navigate({ to: list, replace: true });
      // Not awaited: the dialog closes at once while lists refetch behind it.
      void queryClient.invalidateQueries({
        predicate: (query) => !scopeIndependentKeys.has(String(query.queryKey[0])),
      });
    },
  });
}
