import type { TFunction } from 'i18next';
import { isApiError, isUnavailableStatus } from '../../../lib/api/api-error';

/** A failed call as one sentence: the server's own message, or "unavailable". */
export function companyErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return isUnavailableStatus(error.status) ? t('login.error.api_unavailable') : error.message;
  return t('common.unexpectedError');
}

/**
 * A validation key (client zod or server 422, e.g. `validation.parentNotGroup`) as text. Keys
 * of our own win, then the general item messages; unknown ones read "invalid".
 */
export function fieldMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t([`companiesAdmin.${key}`, `items.${key}`, 'companiesAdmin.validation.invalid']);
}
