import { getCurrentLanguage } from '../i18n/language';
import { getScopeCompanyId, sessionStore } from '../session/session-store';
import { API_BASE } from './api-client';
import { toApiError, unavailableError } from './api-error';
import { refreshAccessToken } from './refresh';
import { buildHeaders } from './request-headers';

function sendOnce(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const headers = buildHeaders({
      language: getCurrentLanguage(),
      accessToken: sessionStore.getState().accessToken,
      scopeCompanyId: getScopeCompanyId(),
    });
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(unavailableError());
    xhr.send(form);
  });
}

/**
 * A multipart upload (field "file") with progress. fetch() cannot report upload progress, so this
 * uses XMLHttpRequest with the same headers as every API call and one refresh on 401.
 */
export async function uploadFile<T = unknown>(path: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res = await sendOnce(path, form, onProgress);
  if (res.status === 401 && (await refreshAccessToken()) === 'refreshed') res = await sendOnce(path, form, onProgress);
  if (res.status < 200 || res.status >= 300) throw toApiError(res.status, res.body);
  return res.body as T;
}
