import type { TFunction } from 'i18next';

/**
 * A validation key (client zod or server 422, e.g. `validation.parentNotGroup`) as text. Keys
 * of our own win, then the general item messages; unknown ones read "invalid".
 */
export function fieldMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t([`companiesAdmin.${key}`, `items.${key}`, 'companiesAdmin.validation.invalid']);
}
