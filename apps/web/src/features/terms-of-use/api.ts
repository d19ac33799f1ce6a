import { type TermsOfUse, termsOfUseSchema, termsOfUseVersionSchema } from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { fetchMe, setMe } from '../../lib/session/session-actions';

export const currentTermsKey = ['terms-of-use', 'current'] as const;
export const termsVersionsKey = ['terms-of-use', 'versions'] as const;

/** The version in force, in the request language (Accept-Language); null (204) when none is published. */
export async function fetchCurrentTerms(): Promise<TermsOfUse | null> {
  return (await apiRequest('/terms-of-use/current', { schema: termsOfUseSchema })) ?? null;
}

/** The version in force in the given language. */
export function useCurrentTerms(language: string) {
  return useQuery({ queryKey: [...currentTermsKey, language], queryFn: fetchCurrentTerms });
}

/**
 * Consents to a version. The fresh `me` it answers says whether anything else is still owed: its
 * lock replaces this one.
 */
export function useAcceptTerms() {
  return useMutation({
    mutationFn: async (id: string) => {
      await consentToTerms(id);
      const me = await fetchMe();
      setMe(me);
      return me;
    },
  });
}

export function consentToTerms(id: string): Promise<void> {
  return apiRequest(`/terms-of-use/${encodeURIComponent(id)}/consent`, { method: 'POST', responseType: 'none' });
}

export type TermsOfUseVersion = z.infer<typeof termsOfUseVersionSchema>;

export function fetchTermsVersions(): Promise<TermsOfUseVersion[]> {
  return apiRequest('/terms-of-use', { schema: z.array(termsOfUseVersionSchema) });
}

/** Every published version (administration). */
export function useTermsVersions() {
  return useQuery({ queryKey: termsVersionsKey, queryFn: fetchTermsVersions });
}

/**
 * Publishes a version. A version released today applies to administrators too: the versions and
 * the version in force are read again (the next call may lock the app).
 */
export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTerms,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: termsVersionsKey });
      void queryClient.invalidateQueries({ queryKey: currentTermsKey });
    },
  });
}

export function publishTerms(body: { releaseDate: string; contentDe: string; contentEn: string }): Promise<{ id: string }> {
  return apiRequest('/terms-of-use', { method: 'POST', json: body, schema: z.object({ id: z.uuid() }) });
}
