import { afterEach, describe, expect, it } from 'vitest';
import { offeredLanguages, startLanguage } from './language';

describe('the languages the operator offers (LANGUAGES)', () => {
  const storage = new Map<string, string>();
  const local = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  };
  afterEach(() => {
    storage.clear();
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('offers the configured languages in their order, every one when none is known', () => {
    expect(offeredLanguages(['en'])).toEqual(['en']);
    expect(offeredLanguages(['en', 'de'])).toEqual(['en', 'de']);
    expect(offeredLanguages(['fr'])).toEqual(['de', 'en']);
  });

  it('starts in the first configured language unless this browser chose an offered one', () => {
    Object.assign(globalThis, { localStorage: local });
    expect(startLanguage(['en', 'de'])).toBe('en');
    storage.set('pc.language', 'de');
    expect(startLanguage(['en', 'de'])).toBe('de');
    expect(startLanguage(['en'])).toBe('en');
  });
});
