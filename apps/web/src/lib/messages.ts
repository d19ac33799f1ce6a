import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, isUnavailableStatus } from './api/api-error';

/**
 * Message keys of the shared schemas and of 422 answers (`password.criteria.uppercase`,
 * `mfa.codeInvalid`, `validation.required`) are translated under `account.messages`, then as
 * they are; an unknown key never reaches the screen raw.
 */
export function messageText(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t([`account.messages.${key}`, key, 'common.unexpectedError']);
}

/** What to show for a failed call: "server unreachable", the server's own message, or a generic text. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return isUnavailableStatus(error.status) ? t('login.error.api_unavailable') : error.message;
  return t('common.unexpectedError');
}

/**
 * Puts the per-field messages of a 422 answer onto the form fields that exist; answers whether
 * any field took one (then the form itself says what is wrong).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.status !== 422 || !error.fields) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fields[field]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * Spec 001 §8: a wrong code says user.mfa.authenticator.error; status 0 flags the API as
 * unavailable. A right code that was already used (typically the one just typed to turn
 * two-factor on) says so, or the user would keep typing it.
 */
export function mfaErrorKey(error: unknown): string {
  if (isApiError(error) && isUnavailableStatus(error.status)) return 'login.error.api_unavailable';
  if (isApiError(error) && error.code === 'mfa_code_reused') return 'account.messages.mfa.codeReused';
  return 'user.mfa.authenticator.error';
}
