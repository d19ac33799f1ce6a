import { companyFormSchema, VAT_NUMBER_ERROR } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { catalogT } from '../../../test-support';
import { fieldMessage } from './company-messages';

describe('company field messages', () => {
  it('translate the keys of the shared company schema, the VAT-number error included, in both languages', async () => {
    // What the schema answers for a wrong VAT number, on its field: the form shows this key.
    const wrong = companyFormSchema.safeParse({ name: 'Firma', vatNumber: 'DE123456789' });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['vatNumber', VAT_NUMBER_ERROR]]);
    for (const language of ['de', 'en'] as const) {
      const t = await catalogT(language);
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
    expect(fieldMessage(await catalogT('de'), VAT_NUMBER_ERROR)).toMatch(/Umsatzsteuer-Identifikationsnummer/);
    expect(fieldMessage(await catalogT('en'), VAT_NUMBER_ERROR)).toMatch(/VAT identification number/);
  });
});
