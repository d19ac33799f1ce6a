import { type Language, languages } from '@pc/shared';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, rememberLanguage } from './language';

/** Catalogs are static files so translators can change them without a rebuild. */
export function catalogUrl(language: string): string {
  return `${import.meta.env.BASE_URL}assets/i18n/${language}.json`;
}

const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    fetch(catalogUrl(language), { headers: { Accept: 'application/json' } })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${catalogUrl(language)}`);
        return res.json();
      })
      .then(
        (data) => callback(null, data),
        (error: unknown) => {
          // A language load failure is only logged.
          console.error('Translation catalog could not be loaded', error);
          callback(error as Error, false);
        },
      );
  },
};

i18n.on('languageChanged', (lng) => {
  if (!isLanguage(lng)) return;
  rememberLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export function initI18n(language: Language): Promise<unknown> {
  return i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
}

export { i18n };
