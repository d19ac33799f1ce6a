import type { PublicConfig } from '@pc/shared';
import { createContext, useContext } from 'react';
import { apiRequest } from './api/api-client';

export function fetchConfig(): Promise<PublicConfig> {
  // Unparsed, as token answers (lib/api/token-request.ts): the server checks it against
  // publicConfigSchema before sending.
  return apiRequest<PublicConfig>('/config', { auth: false });
}

export const ConfigContext = createContext<PublicConfig | null>(null);

/** Public configuration, loaded once during the splash phase. */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigContext');
  return config;
}

export function documentTitle(productName: string, scopeName: string | null | undefined): string {
  return scopeName ? `${productName} (${scopeName})` : productName;
}
