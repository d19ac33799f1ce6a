import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCodes, languages } from '@pc/shared';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiError } from './api-error';

type Catalog = { [key: string]: string | Catalog };
const load = (language: string): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/assets/i18n/${language}.json`, import.meta.url)), 'utf8'));
const lookup = (catalog: Catalog, key: string) =>
  key.split('.').reduce<string | Catalog | undefined>((c, k) => (typeof c === 'object' ? c[k] : undefined), catalog);

describe('web error messages', () => {
  it('have a German and an English text for every server error code, each saying what to do', () => {
    const catalogs = languages.map(load);
    const keys = [...errorCodes.map((code) => `errors.code.${code}`), 'login.error.api_unavailable', 'common.unexpectedError'];
    for (const key of keys) {
      const texts = catalogs.map((c) => lookup(c, key));
      for (const text of texts) expect(text, key).toMatch(/[.!?]\s+\S.*[.!?]$/s);
      expect(new Set(texts).size, key).toBe(languages.length);
    }
  });

  describe('for answers without a message of our server', () => {
    beforeAll(async () => {
      await i18next.init({ lng: 'de', resources: { de: { translation: load('de') } } });
    });
    afterAll(() => i18next.changeLanguage('de'));

    it('show a German text by status instead of a raw code or an English status text', () => {
      expect(toApiError(500, '<html>Internal Server Error</html>').message).toBe(
        lookup(load('de'), 'errors.code.internal_error'),
      );
      expect(toApiError(502, null).message).toBe(lookup(load('de'), 'login.error.api_unavailable'));
      const conflict = toApiError(409, null);
      expect(conflict.code).toBe('conflict');
      expect(conflict.message).toBe(
        'Jemand hat diesen Eintrag inzwischen geändert. Laden Sie die Seite neu, um die aktuelle Fassung zu sehen.',
      );
      // A body of our server keeps its own (already translated) message.
      expect(toApiError(409, { code: 'conflict', message: 'Der Eintrag wird noch verwendet.' }).message).toBe(
        'Der Eintrag wird noch verwendet.',
      );
    });
  });
});
