export interface HeaderInput {
  language: string;
  accessToken?: string | null;
  scopeCompanyId?: string | null;
  /** Content type of the body, when there is one. */
  contentType?: string;
  accept?: string;
}

/**
 * Headers every API call carries: Accept-Language always, X-Tenant when a scope
 * is set, Bearer token when logged in.
 */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: input.accept ?? 'application/json',
    'Accept-Language': input.language,
  };
  if (input.contentType) headers['Content-Type'] = input.contentType;
  if (input.accessToken) headers.Authorization = `Bearer ${input.accessToken}`;
  if (input.scopeCompanyId) headers['X-Tenant'] = input.scopeCompanyId;
  return headers;
}
