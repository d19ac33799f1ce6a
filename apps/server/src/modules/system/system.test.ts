import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBCAST_URL: 'https://webcast.example/live', PRODUCT_NAME: 'Test Cockpit' });
  });
  afterAll(() => t.close());

  it('GET /api/health names the database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('GET /api/config is public and reflects configuration', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({
      productName: 'Test Cockpit',
      environment: 'Test',
      languages: ['de', 'en'],
      webcastUrl: 'https://webcast.example/live',
      subscriptionsEnabled: false,
    });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/token');
  });

  it('never answers malformed JSON with a 500', async () => {
    const token = await t.tokenFor('admin@demo.local');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/scope',
      headers: { ...t.auth(token), 'content-type': 'application/json' },
      payload: '{"companyId":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
