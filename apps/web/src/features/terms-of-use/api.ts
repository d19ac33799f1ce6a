import { type TermsOfUse, termsOfUseSchema, termsOfUseVersionSchema } from '@pc/shared';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';

export const currentTermsKey = ['terms-of-use', 'current'] as const;
export const termsVersionsKey = ['terms-of-use', 'versions'] as const;

/** The version in force, in the request language (Accept-Language); null (204) when none is published. */
export async function fetchCurrentTerms(): Promise<TermsOfUse | null> {
  return (await apiRequest('/terms-of-use/current', { schema: termsOfUseSchema })) ?? null;
}

export function consentToTerms(id: string): Promise<void> {
  return apiRequest(`/terms-of-use/${encodeURIComponent(id)}/consent`, { method: 'POST', responseType: 'none' });
}

export type TermsOfUseVersion = z.infer<typeof termsOfUseVersionSchema>;

export function fetchTermsVersions(): Promise<TermsOfUseVersion[]> {
  return apiRequest('/terms-of-use', { schema: z.array(termsOfUseVersionSchema) });
}

export function publishTerms(body: { releaseDate: string; contentDe: string; contentEn: string }): Promise<{ id: string }> {
  return apiRequest('/terms-of-use', { method: 'POST', json: body, schema: z.object({ id: z.uuid() }) });
}
