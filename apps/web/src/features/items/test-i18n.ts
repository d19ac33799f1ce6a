import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';

/** A real i18next instance on a catalog file, for unit tests of label and format logic. */
export async function catalogT(language: 'de' | 'en' = 'de'): Promise<TFunction> {
  const url = new URL(`../../../public/assets/i18n/${language}.json`, import.meta.url);
  const resources = { [language]: { translation: JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) } };
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources, interpolation: { escapeValue: false } });
  return instance.t;
}
