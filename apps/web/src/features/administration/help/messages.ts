import type { TFunction } from 'i18next';

/** A message key of the shared schema or of a 422 answer as text; unknown keys never show raw. */
export function helpMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t([`helpAdmin.messages.${key}`, key, 'helpAdmin.messages.invalid']);
}
