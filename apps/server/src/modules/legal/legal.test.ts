import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { legalRoutes } from './routes';

describe('legal documents', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-legal-'));
    fs.writeFileSync(path.join(dir, 'imprint.de.md'), '# Impressum\n\nMusterbetreiber GmbH');
    fs.writeFileSync(path.join(dir, 'imprint.en.md'), '# Imprint\n\nSample Operator Ltd');
    fs.writeFileSync(path.join(dir, 'privacy-statement.de.md'), '# Datenschutzerklärung');
    t = await createTestApp({ LEGAL_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the operator file in the requested language without a login', async () => {
    const de = await t.app.inject({ url: '/api/legal/imprint/de' });
    expect(de.statusCode).toBe(200);
    expect(de.json()).toEqual({ type: 'imprint', language: 'de', content: '# Impressum\n\nMusterbetreiber GmbH' });
    expect((await t.app.inject({ url: '/api/legal/imprint/en' })).json().content).toContain('Sample Operator');
  });

  it('falls back to the other language and says which one it is', async () => {
    const res = await t.app.inject({ url: '/api/legal/privacy-statement/en' });
    expect(res.json()).toEqual({ type: 'privacy-statement', language: 'de', content: '# Datenschutzerklärung' });
  });

  it('answers terms of use from the published version when there is no file, and 404 before', async () => {
    const none = await t.app.inject({ url: '/api/legal/terms-of-use/en', headers: { 'accept-language': 'en' } });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/^The operator has not provided this document\./);
    const token = await t.tokenFor('admin@demo.local');
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/terms-of-use',
      headers: { authorization: `Bearer ${token}` },
      payload: { releaseDate: new Date(Date.now() - 1000).toISOString(), contentDe: '# Bedingungen', contentEn: '# Terms' },
    });
    expect(published.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ url: '/api/legal/terms-of-use/en' })).json()).toEqual({
      type: 'terms-of-use',
      language: 'en',
      content: '# Terms',
    });
  });

  it('serves the shipped template, in the requested language, when the operator has none', async () => {
    // The routes alone, without LEGAL_DIR: a second full test app would take long to seed.
    const bare = { app: Fastify() };
    bare.app.setValidatorCompiler(validatorCompiler);
    bare.app.setSerializerCompiler(serializerCompiler);
    legalRoutes(bare.app, { db: t.db, legalDir: null });
    try {
      const de = (await bare.app.inject({ url: '/api/legal/imprint/de' })).json();
      expect(de.language).toBe('de');
      expect(de.content).toMatch(/^# Impressum/);
      expect(de.content).toContain('Ersetzen Sie sie');
      const en = (await bare.app.inject({ url: '/api/legal/privacy-statement/en' })).json();
      expect(en.language).toBe('en');
      expect(en.content).toMatch(/^# Privacy statement/);
      expect(en.content).toContain('Replace it');
      // The operator's file in another language still wins over a template.
      expect((await t.app.inject({ url: '/api/legal/privacy-statement/en' })).json().content).toBe('# Datenschutzerklärung');
    } finally {
      await bare.app.close();
    }
  });

  it('refuses unknown types and languages instead of reading other files', async () => {
    expect((await t.app.inject({ url: '/api/legal/..%2F..%2Fetc%2Fpasswd/de' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/legal/imprint/fr' })).statusCode).toBe(422);
  });
});
