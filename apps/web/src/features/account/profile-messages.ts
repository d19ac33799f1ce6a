import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorText } from '../../lib/messages';

/** A message key of the shared schemas or of a 422 answer, as text (profile wording first). */
export function profileMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t([`profileEdit.messages.${key}`, `account.messages.${key}`, key, 'profileEdit.messages.invalid']);
}

/** A failed call: the first field message of a 422 answer, else what errorText says. */
export function profileErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status === 422 && error.fields) {
    const first = Object.values(error.fields).find((m) => m.length > 0)?.[0];
    if (first) return profileMessage(t, first) ?? errorText(t, error);
  }
  return errorText(t, error);
}
