import { type LockReason, lockReasons, lockRoutes } from '@pc/shared';
import type { ApiError } from './api-error';

/** The lock reason of an HTTP 412 answer, or null when the answer is no (known) lock. */
export function lockReasonOf(error: Pick<ApiError, 'status' | 'reason'>): LockReason | null {
  if (error.status !== 412 || !error.reason) return null;
  return (lockReasons as readonly string[]).includes(error.reason) ? (error.reason as LockReason) : null;
}

export function lockRouteOf(reason: LockReason): string {
  return lockRoutes[reason];
}

/** While locked, only the page for the reason (and public pages) may be shown. */
export function isAllowedWhileLocked(reason: LockReason, pathname: string): boolean {
  return pathname === lockRoutes[reason];
}
