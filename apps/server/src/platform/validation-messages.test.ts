import { genericValidationKeys } from '@pc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { untranslatedFieldMessages, webTranslates } from '../test/web-catalogue';

describe('validation messages in the user language', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin@demo.local');
  });
  afterAll(() => t.close());

  it('translates every generic validation key in both web catalogues', () => {
    for (const key of genericValidationKeys) {
      expect(webTranslates('de', key), key).toBe(true);
      expect(webTranslates('en', key), key).toBe(true);
    }
  });

  it.each([
    ['a missing query parameter', { url: '/api/diagram' }, 'companyId', 'validation.required'],
    ['a query parameter of the wrong format', { url: '/api/diagram?companyId=nope' }, 'companyId', 'validation.invalid'],
    ['a value outside an enumeration', { url: '/api/tag/nope' }, 'type', 'validation.option'],
  ])('answers %s with a key, not library English', async (_, req, field, key) => {
    const res = await t.app.inject({ ...req, headers: t.auth(admin, { 'accept-language': 'de' }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/Eingaben/);
    expect(res.json().fields[field]).toEqual([key]);
    expect(untranslatedFieldMessages(res.body)).toEqual([]);
  });
});
