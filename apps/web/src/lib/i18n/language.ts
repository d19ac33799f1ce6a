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

let current: Language = getStoredLanguage();

/** Read by the API client for Accept-Language without importing i18next. */
export function getCurrentLanguage(): Language {
  return current;
}

export function rememberLanguage(language: Language): void {
  current = language;
  writeStorage(KEY, language);
}
