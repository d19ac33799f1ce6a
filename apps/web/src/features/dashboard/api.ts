import {
  type CompanyDetail,
  checklistSchema,
  companyDetailSchema,
  contractDetailsSchema,
  dashboardSettingsSchema,
  dueIssueSchema,
  initiationSchema,
  latestVersionSchema,
  pdcaProgressSchema,
  timelineItemSchema,
  timeMonthSummarySchema,
} from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { useSession } from '../../lib/session/session-store';
import type { DashboardTileKey } from './logic';

export function usePdcaProgress(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: ['pdca-progress', scopeId],
    queryFn: ({ signal }) => apiRequest('/pdca-list/progress', { schema: pdcaProgressSchema, signal }),
    enabled,
  });
}

export function useDueIssues(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: ['due-issues', scopeId],
    queryFn: ({ signal }) => apiRequest('/issue/due', { schema: z.array(dueIssueSchema), signal }),
    enabled,
  });
}

export function usePastTimeline(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: ['timeline-past', scopeId],
    queryFn: ({ signal }) => apiRequest('/timeline/past', { schema: z.array(timelineItemSchema), signal }),
    enabled,
  });
}

export function useLatestVersion(enabled = true) {
  return useQuery({
    queryKey: ['version-latest'],
    queryFn: ({ signal }) => apiRequest('/version/latest', { schema: latestVersionSchema, signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

const settingsKey = ['dashboard-settings'] as const;

export function useDashboardSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest('/user/dashboard-settings', { schema: dashboardSettingsSchema, signal }),
  });
}

/** Stores the hidden tiles; the cache is updated at once so the tile disappears without a wait. */
export function useSaveDashboardSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hiddenTiles: DashboardTileKey[]) =>
      apiRequest('/user/dashboard-settings', { method: 'PUT', json: { hiddenTiles }, schema: dashboardSettingsSchema }),
    onMutate: (hiddenTiles) => {
      const previous = client.getQueryData(settingsKey);
      client.setQueryData(settingsKey, { hiddenTiles });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) client.setQueryData(settingsKey, context.previous);
    },
    onSuccess: (data) => client.setQueryData(settingsKey, data),
  });
}

/** The scope company with its data privacy agent, for the my-DPO tile. */
export function useScopeCompany(companyId: string | null) {
  return useQuery({
    queryKey: ['company', companyId],
    queryFn: ({ signal }) => apiRequest(`/company/${companyId}`, { schema: companyDetailSchema, signal }),
    enabled: !!companyId,
  });
}

export type DpoFields = Pick<
  CompanyDetail,
  | 'dataPrivacyAgentFirstname'
  | 'dataPrivacyAgentLastname'
  | 'dataPrivacyAgentAddressLine1'
  | 'dataPrivacyAgentAddressLine2'
  | 'dataPrivacyAgentZipCode'
  | 'dataPrivacyAgentCity'
  | 'dataPrivacyAgentCountry'
  | 'dataPrivacyAgentPhoneNumber'
  | 'dataPrivacyAgentEmailAddress'
>;

/**
 * Saves the DPO into the company record; the rest of the company stays as `base` (the version
 * the dialog edits, sent as If-Match: a change of the company saved in between is not undone).
 */
export function useSaveDpo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ base, dpo, ifMatch }: { base: CompanyDetail; dpo: DpoFields; ifMatch?: number }) =>
      apiRequest(`/company/${base.id}`, { method: 'PUT', json: { ...base, ...dpo }, schema: companyDetailSchema, ifMatch }),
    onSuccess: (saved) => queryClient.setQueryData(['company', saved.id], saved),
  });
}

/** The wizard's state for the initiation tile (same cache entry as the wizard's own). */
export function useInitiationProgress(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['initiation', companyId ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(`/initiation?companyId=${encodeURIComponent(companyId ?? '')}`, { schema: initiationSchema, signal }),
    enabled: !!companyId && enabled,
  });
}

/** The account's contract, for the trial tile; only for an account holder, a failure hides the tile. */
export function useTrialContract(holder: boolean) {
  return useQuery({
    queryKey: ['account', 'contract'],
    queryFn: () => apiRequest('/account/contract', { schema: contractDetailsSchema }),
    enabled: holder,
    retry: false,
  });
}

/** This month's booked and planned hours in the scope, as the server's time comparison sums them. */
export function useTimeThisMonth(scopeId: string | null) {
  return useQuery({
    queryKey: ['time-this-month', scopeId],
    queryFn: ({ signal }) => apiRequest('/time-comparison/this-month', { schema: timeMonthSummarySchema, signal }),
  });
}

/** The scope company's getting-started checklist (the server computes it from the company's data). */
export function useChecklist(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({
    queryKey: ['dashboard-checklist', scopeId],
    queryFn: ({ signal }) => apiRequest('/dashboard/checklist', { schema: checklistSchema, signal }),
    enabled,
  });
}

export function useDismissChecklist() {
  const qc = useQueryClient();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useMutation({
    mutationFn: (dismissed: boolean) =>
      apiRequest('/dashboard/checklist', { method: 'PUT', json: { dismissed }, schema: checklistSchema }),
    onSuccess: (data) => qc.setQueryData(['dashboard-checklist', scopeId], data),
  });
}
