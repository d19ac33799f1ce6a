import type { TFunction } from 'i18next';
import { isApiError, isUnavailableStatus } from '../../../lib/api/api-error';

/** A message key of the shared schema or of a 422 answer as text; unknown keys never show raw. */
export function helpMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t([`helpAdmin.messages.${key}`, key, 'helpAdmin.messages.invalid']);
}

/** A failed call: "server unreachable", the server's own message, or a generic text. */
export function helpErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('common.unexpectedError');
  if (isUnavailableStatus(error.status)) return t('login.error.api_unavailable');
  return error.message || t('common.unexpectedError');
}
