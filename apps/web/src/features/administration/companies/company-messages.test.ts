import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { companyFormSchema, VAT_NUMBER_ERROR } from '@pc/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldMessage } from './company-messages';

const load = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/assets/i18n/${language}.json`, import.meta.url)), 'utf8'));

async function translator(language: 'de' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: load(language) } } });
  return instance.t;
}

describe('company field messages', () => {
  it('translate the keys of the shared company schema, the VAT-number error included, in both languages', async () => {
    // What the schema answers for a wrong VAT number, on its field: the form shows this key.
    const wrong = companyFormSchema.safeParse({ name: 'Firma', vatNumber: 'DE123456789' });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['vatNumber', VAT_NUMBER_ERROR]]);
    for (const language of ['de', 'en'] as const) {
      const t = await translator(language);
      const generic = t('companiesAdmin.validation.invalid');
      for (const key of [
        'validation.required',
        'validation.tooLong',
        'validation.email',
        'validation.country',
        VAT_NUMBER_ERROR,
      ]) {
        const text = fieldMessage(t, key);
        expect(text, `${language} ${key}`).not.toBe(generic);
        expect(text, `${language} ${key}`).not.toContain('validation.');
      }
    }
    expect(fieldMessage(await translator('de'), VAT_NUMBER_ERROR)).toMatch(/Umsatzsteuer-Identifikationsnummer/);
    expect(fieldMessage(await translator('en'), VAT_NUMBER_ERROR)).toMatch(/VAT identification number/);
  });
});
