import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from './harness';
import { baseEnv, variantFor } from './template';

describe('test apps copied from the run templates', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  }, 120_000); // two apps
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('copy the seeded data only where bootstrap would have seeded the same', () => {
    expect(variantFor(loadConfig(baseEnv), false)).toBe('plain');
    expect(variantFor(loadConfig(baseEnv), true)).toBe('items');
    expect(variantFor(loadConfig({ ...baseEnv, ENVIRONMENT: 'Production' }), false)).toBe('empty');
    const admin = { INITIAL_ADMIN_EMAIL: 'chefin@kanzlei-weber.de', INITIAL_ADMIN_PASSWORD: 'Sicher!2026x' };
    expect(variantFor(loadConfig({ ...baseEnv, ...admin }), false)).toBe('empty');
    expect(variantFor(loadConfig({ ...baseEnv, TIMEZONE: 'America/New_York' }), true)).toBe('empty');
  });

  it('each sign tokens with a secret of their own, as fresh databases would', async () => {
    const token = await a.tokenFor('admin@demo.local');
    expect((await a.app.inject({ url: '/api/user/me', headers: a.auth(token) })).statusCode).toBe(200);
    expect((await b.app.inject({ url: '/api/user/me', headers: b.auth(token) })).statusCode).toBe(401);
  });
});
