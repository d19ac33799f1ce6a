import { type Language, languages } from '@pc/shared';
import { readStorage, writeStorage } from '../storage';

const KEY = 'pc.language';
export const defaultLanguage: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language the login screen starts in: the last one used in this browser, else German. */
export function getStoredLanguage(): Language {
  const stored = readStorage(KEY);
  return isLanguage(stored) ? stored : defaultLanguage;
}

/**
 * The languages the operator offers (`LANGUAGES`, in its order; the first is the default), of
 * those the web app has catalogues for. An empty or unknown list offers every language.
 */
export function offeredLanguages(configured: readonly string[]): Language[] {
  const offered = configured.filter(isLanguage);
  return offered.length ? [...new Set(offered)] : [...languages];
}

/** The language to start in: the one last chosen in this browser if still offered, else the operator's default. */
export function startLanguage(configured: readonly string[]): Language {
  const offered = offeredLanguages(configured);
  const stored = readStorage(KEY);
  return isLanguage(stored) && offered.includes(stored) ? stored : (offered[0] ?? defaultLanguage);
}

let current: Language = getStoredLanguage();

/** Read by the API client for Accept-Language without importing i18next. */
export function getCurrentLanguage(): Language {
  return current;
}

export function rememberLanguage(language: Language): void {
  current = language;
  writeStorage(KEY, language);
}
