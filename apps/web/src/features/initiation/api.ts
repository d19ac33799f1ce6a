import {
  addMissingMeasuresResultSchema,
  type CompanyDetail,
  type CompanyInput,
  companyDetailSchema,
  type Initiation,
  type InitiationInput,
  initiationFinishResultSchema,
  initiationSchema,
  type ProcessTemplateQuery,
  processTemplatePageSchema,
} from '@pc/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { fetchMe, setMe } from '../../lib/session/session-actions';

export const initiationKey = (companyId: string) => ['initiation', companyId] as const;
/** The company's detail, under the key the company administration reads it with (saving here updates it there). */
export const companyDetailKey = (companyId: string) => ['company', 'detail', companyId] as const;
export const processTemplateKey = (params: string) => ['process-template', params] as const;

export function fetchInitiation(companyId: string): Promise<Initiation> {
  return apiRequest(`/initiation?companyId=${encodeURIComponent(companyId)}`, { schema: initiationSchema });
}

export function useInitiation(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: initiationKey(companyId ?? ''),
    queryFn: () => fetchInitiation(companyId ?? ''),
    enabled: !!companyId && enabled,
  });
}

/** The initiation object as the server takes it back (the view without name, kind and rights). */
export function inputOf(i: Initiation): InitiationInput {
  const { isFinished: _f, companyName: _n, isAgency: _a, rights: _r, dpoInvitation: _d, ...input } = i;
  return input;
}

export function saveInitiation(input: InitiationInput): Promise<Initiation> {
  return apiRequest('/initiation', { method: 'PUT', json: input, schema: initiationSchema });
}

export function finishInitiation(input: InitiationInput) {
  return apiRequest('/initiation/finish', { method: 'POST', json: input, schema: initiationFinishResultSchema });
}

export function useProcessTemplates(query: ProcessTemplateQuery) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    sort: query.sort,
    dir: query.dir,
    ...(query.filter ? { filter: query.filter } : {}),
  });
  return useQuery({
    queryKey: processTemplateKey(params.toString()),
    queryFn: () => apiRequest(`/process-template?${params}`, { schema: processTemplatePageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(companyId: string, enabled = true) {
  return useQuery({
    enabled: !!companyId && enabled,
    queryKey: companyDetailKey(companyId),
    queryFn: () => apiRequest(`/company/${encodeURIComponent(companyId)}`, { schema: companyDetailSchema }),
  });
}

/** Saves based on the version the wizard loaded: a change saved in between answers 409, not lost. */
export function saveCompany(id: string, input: CompanyInput, ifMatch?: number): Promise<CompanyDetail> {
  return apiRequest(`/company/${encodeURIComponent(id)}`, { method: 'PUT', json: input, schema: companyDetailSchema, ifMatch });
}

/** "Add missing measures" takes a company id (and a null second argument). */
export function addMissingMeasures(companyId: string) {
  return apiRequest('/measure/add-missing', {
    method: 'POST',
    json: { companyId, options: null },
    schema: addMissingMeasuresResultSchema,
  });
}

/** After finishing, the status comes from the server again. */
export async function refreshStatus() {
  setMe(await fetchMe());
}
