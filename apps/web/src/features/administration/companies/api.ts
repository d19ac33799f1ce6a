import {
  type CompanyDetail,
  type CompanyImportResult,
  type CompanyInput,
  type CompanyMove,
  companyDetailSchema,
  companyListItemSchema,
} from '@pc/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type DownloadedFile, saveFile } from '../../../lib/api/api-client';
import { uploadFile } from '../../../lib/api/upload';
import { fetchMe, setMe } from '../../../lib/session/session-actions';
import { sessionStore } from '../../../lib/session/session-store';

/** Shared with the scope dialog and the other pages that list companies. */
export const companyListKey = ['company', 'list-items'] as const;
export const companyDetailKey = (id: string) => ['company', 'detail', id] as const;
/** The scope dialog keeps logos as object URLs under this key (scope-independent). */
export const companyLogoKey = (id: string) => ['company-logo', id] as const;

export function useCompanyList() {
  return useQuery({
    queryKey: companyListKey,
    queryFn: () => apiRequest('/company/list-items', { schema: z.array(companyListItemSchema) }),
  });
}

export function useCompanyDetail(id: string | null) {
  return useQuery({
    queryKey: companyDetailKey(id ?? ''),
    queryFn: () => apiRequest(`/company/${encodeURIComponent(id ?? '')}`, { schema: companyDetailSchema }),
    enabled: !!id,
  });
}

/** Logos need the Bearer token, so they are fetched as blobs and shown as object URLs. */
export function useCompanyLogo(id: string, hasLogo: boolean) {
  return useQuery({
    queryKey: companyLogoKey(id),
    queryFn: async () =>
      URL.createObjectURL(
        await apiRequest<Blob>(`/company/${encodeURIComponent(id)}/logo?width=150&height=50`, { responseType: 'blob' }),
      ),
    enabled: hasLogo,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function saveCompany(id: string | null, input: CompanyInput, ifMatch?: number): Promise<CompanyDetail> {
  return id
    ? apiRequest(`/company/${encodeURIComponent(id)}`, { method: 'PUT', json: input, schema: companyDetailSchema, ifMatch })
    : apiRequest('/company', { method: 'POST', json: input, schema: companyDetailSchema });
}

export function moveCompany(id: string, move: CompanyMove): Promise<CompanyDetail> {
  return apiRequest(`/company/${encodeURIComponent(id)}/move`, { method: 'POST', json: move, schema: companyDetailSchema });
}

export function createDemoCompany(): Promise<CompanyDetail> {
  return apiRequest('/company/demo', { method: 'POST', schema: companyDetailSchema });
}

export function uploadCompanyLogo(id: string, file: File, onProgress: (fraction: number) => void = () => {}) {
  return uploadFile(`/company/${encodeURIComponent(id)}/logo`, file, onProgress);
}

/** The whole company as a ZIP (a JSON file per entity, the registers, the files), to move it to another installation. */
export async function downloadCompanyArchive(company: Pick<CompanyDetail, 'id' | 'name'>) {
  const file = await apiRequest<DownloadedFile>(`/company/${encodeURIComponent(company.id)}/export`, { responseType: 'file' });
  saveFile(file, `${company.name}.zip`);
}

/** A new company from a company archive, into a group or (null) as a client of the caller's company; answers its id. */
export function importCompanyArchive(file: File, parentCompanyId: string | null, onProgress: (fraction: number) => void) {
  const query = parentCompanyId ? `?${new URLSearchParams({ parentCompanyId })}` : '';
  return uploadFile<CompanyImportResult>(`/company/import${query}`, file, onProgress);
}

export function deleteCompanyLogo(id: string) {
  return apiRequest(`/company/${encodeURIComponent(id)}/logo`, { method: 'DELETE', responseType: 'none' });
}

/** After a change: the lists, the detail, the shell (scope name) and every cached logo of it. */
export async function companyChanged(client: QueryClient, id: string, logo = false) {
  if (logo) client.removeQueries({ queryKey: companyLogoKey(id) });
  const me = sessionStore.getState().me;
  await Promise.all([
    client.invalidateQueries({ queryKey: ['company'] }),
    // The shell shows the scope's and the own company's name from `me`.
    me && (me.scopeCompany?.id === id || me.companyId === id) ? fetchMe().then(setMe) : null,
  ]);
}
