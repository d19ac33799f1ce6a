import {
  type CompanyDetail,
  checklistSchema,
  companyDetailSchema,
  contractDetailsSchema,
  dashboardSettingsSchema,
  dueIssueSchema,
  initiationSchema,
  itemTrendSchema,
  latestVersionSchema,
  pdcaProgressSchema,
  timelineItemSchema,
  timeMonthSummarySchema,
} from '@pc/shared';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { statisticsKey } from '../../lib/item-statistics';
import { useSession } from '../../lib/session/session-store';
import type { DashboardTileKey } from './logic';

/**
 * The dashboard's query keys. A read of the scope's data carries the scope, so choosing another
 * scope asks again; the company and the wizard's state share their keys with the pages that edit them.
 */
export const dashboardKeys = {
  pdcaProgress: (scopeId: string | null) => ['pdca-progress', scopeId] as const,
  dueIssues: (scopeId: string | null) => ['due-issues', scopeId] as const,
  pastTimeline: (scopeId: string | null) => ['timeline-past', scopeId] as const,
  checklist: (scopeId: string | null) => ['dashboard-checklist', scopeId] as const,
  timeThisMonth: (scopeId: string | null) => ['time-this-month', scopeId] as const,
  // Under the statistics' key: an item's change refreshes the trend too.
  trend: (scopeId: string | null) => [...statisticsKey, 'trend', scopeId] as const,
  latestVersion: ['version-latest'] as const,
  settings: ['dashboard-settings'] as const,
  company: (companyId: string | null) => ['company', companyId] as const,
  initiation: (companyId: string) => ['initiation', companyId] as const,
  contract: ['account', 'contract'] as const,
};

/** A read of the scope's data from `path`, asked again when the scope changes. */
function useScopedQuery<T>(
  key: (scopeId: string | null) => QueryKey,
  path: string,
  schema: { parse(data: unknown): T },
  enabled: boolean,
) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({ queryKey: key(scopeId), queryFn: ({ signal }) => apiRequest(path, { schema, signal }), enabled });
}

export const usePdcaProgress = (enabled: boolean) =>
  useScopedQuery(dashboardKeys.pdcaProgress, '/pdca-list/progress', pdcaProgressSchema, enabled);

/** Open and overdue items per register at each of the last 12 weeks. */
export const useItemTrend = (enabled: boolean) =>
  useScopedQuery(dashboardKeys.trend, '/item/trend', z.array(itemTrendSchema), enabled);

export const useDueIssues = (enabled: boolean) =>
  useScopedQuery(dashboardKeys.dueIssues, '/issue/due', z.array(dueIssueSchema), enabled);

export const usePastTimeline = (enabled: boolean) =>
  useScopedQuery(dashboardKeys.pastTimeline, '/timeline/past', z.array(timelineItemSchema), enabled);

export function useLatestVersion(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.latestVersion,
    queryFn: ({ signal }) => apiRequest('/version/latest', { schema: latestVersionSchema, signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

const settingsKey = dashboardKeys.settings;

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
    queryKey: dashboardKeys.company(companyId),
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
    onSuccess: (saved) => queryClient.setQueryData(dashboardKeys.company(saved.id), saved),
  });
}

/** The wizard's state for the initiation tile (same cache entry as the wizard's own). */
export function useInitiationProgress(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.initiation(companyId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/initiation?companyId=${encodeURIComponent(companyId ?? '')}`, { schema: initiationSchema, signal }),
    enabled: !!companyId && enabled,
  });
}

/** The account's contract, for the trial tile; only for an account holder, a failure hides the tile. */
export function useTrialContract(holder: boolean) {
  return useQuery({
    queryKey: dashboardKeys.contract,
    queryFn: () => apiRequest('/account/contract', { schema: contractDetailsSchema }),
    enabled: holder,
    retry: false,
  });
}

/** This month's booked and planned hours in the scope, as the server's time comparison sums them. */
export function useTimeThisMonth(scopeId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.timeThisMonth(scopeId),
    queryFn: ({ signal }) => apiRequest('/time-comparison/this-month', { schema: timeMonthSummarySchema, signal }),
  });
}

/** The scope company's getting-started checklist (the server computes it from the company's data). */
export const useChecklist = (enabled: boolean) =>
  useScopedQuery(dashboardKeys.checklist, '/dashboard/checklist', checklistSchema, enabled);

export function useDismissChecklist() {
  const qc = useQueryClient();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useMutation({
    mutationFn: (dismissed: boolean) =>
      apiRequest('/dashboard/checklist', { method: 'PUT', json: { dismissed }, schema: checklistSchema }),
    onSuccess: (data) => qc.setQueryData(dashboardKeys.checklist(scopeId), data),
  });
}
