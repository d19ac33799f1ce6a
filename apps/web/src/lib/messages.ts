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

/**
 * What to show for a failed call: "server unreachable", the server's own message, or for a failure
 * that is no answer of the API `fallback` (what failed, in the screen's words) or a generic text.
 */
export function errorText(t: TFunction, error: unknown, fallback?: string): string {
  if (isApiError(error)) return isUnavailableStatus(error.status) ? t('login.error.api_unavailable') : error.message;
  return fallback ?? t('common.unexpectedError');
}

/**
 * Puts the per-field messages of a 422 answer onto the form fields that exist; answers whether
 * any field took one (then the form itself says what is wrong). `fields` lists the form's fields
 * in screen order (the first one with a message takes focus), or maps a server path onto a field.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | ((path: string) => Path<T> | null | undefined),
): boolean {
  if (!isApiError(error) || error.status !== 422 || !error.fields) return false;
  const answered = error.fields;
  const pairs: [Path<T>, string | undefined][] =
    typeof fields === 'function'
      ? Object.entries(answered).flatMap(([path, messages]) => {
          const field = fields(path);
          return field ? [[field, messages[0]] as [Path<T>, string | undefined]] : [];
        })
      : fields.map((field) => [field, answered[field]?.[0]]);
  // The first message of a field wins (`ipAllowList.0` and `ipAllowList.2` both name ipAllowList).
  const done = new Set<string>();
  for (const [field, message] of pairs) {
    if (!message || done.has(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus: done.size === 0 });
    done.add(field);
  }
  return done.size > 0;
}

/**
 * A wrong code says user.mfa.authenticator.error; status 0 flags the API as
 * unavailable. A right code that was already used (typically the one just typed to turn
 * two-factor on) says so, or the user would keep typing it.
 */
export function mfaErrorKey(error: unknown): string {
  if (isApiError(error) && isUnavailableStatus(error.status)) return 'login.error.api_unavailable';
  if (isApiError(error) && error.code === 'mfa_code_reused') return 'account.messages.mfa.codeReused';
  return 'user.mfa.authenticator.error';
}
