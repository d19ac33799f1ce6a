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

let sessionClient: QueryClient | null = null;

/**
 * The session's cache. The shell provides it, and a page load fills it before the shell has
 * rendered (router.tsx, prefetchPageData); the shell clears it when the session ends.
 */
export function sessionQueryClient(): QueryClient {
  sessionClient ??= createQueryClient();
  return sessionClient;
}

/** Query keys that do not depend on the scope and survive a scope change. */
export const scopeIndependentKeys = new Set(['company-logo']);
