import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';

/** Client errors (4xx) will not change on retry; only retry network and server trouble. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Query keys that do not depend on the scope and survive a scope change. */
export const scopeIndependentKeys = new Set(['company-logo']);
