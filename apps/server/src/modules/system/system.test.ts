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

  it('the OpenAPI document names the file every upload takes and the company archive a download answers', async () => {
    type Operation = { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> };
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const uploads = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => {
        const multipart = op.requestBody?.content['multipart/form-data'];
        return multipart ? [{ at: `${method} ${path}`, schema: multipart.schema }] : [];
      }),
    );
    expect(uploads.map((u) => u.at)).toEqual(
      expect.arrayContaining(['post /api/company/import', 'post /api/process/{id}/attachment', 'post /api/user/avatar']),
    );
    for (const u of uploads) {
      expect(u.schema, u.at).toEqual({
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
        additionalProperties: false,
      });
    }
    expect(doc.paths['/api/company/{id}/export']!.get!.responses['200']).toEqual({
      description: 'The company archive',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    });
  });

  it('an untrusted X-Forwarded-Proto gets neither HSTS nor the upgrade', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('API answers, errors included, tell caches not to keep them', async () => {
    const token = await t.tokenFor('admin@demo.local');
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/config', {}],
      ['/api/nothing', {}],
      ['/api/user/me', t.auth(token)],
      ['/api/user/me', {}],
      ['/api/company/list-items', t.auth(token)],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
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

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'a.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'boot-D5lxzTFM.js'), 'console.log(3)');
    fs.mkdirSync(path.join(dir, 'assets', 'i18n'));
    fs.writeFileSync(path.join(dir, 'assets', 'i18n', 'de-AbCdEfGh.js'), '{}');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ WEB_DIST: dir, TRUST_PROXY: 'true' });
    // A file added after start-up (a rebuild) is served without a restart.
    fs.writeFileSync(path.join(dir, 'assets', 'b.js'), 'console.log(2)');
  });
  afterAll(() => t.close());

  it('answers the app for / and client routes, files as files, and 404 for missing assets and API paths', async () => {
    // A mailed unsubscribe link ends in the address's domain: still a route, not a file.
    for (const url of ['/', '/home', '/process/123', '/reset-password/abc?token=x', '/unsubscribe/anna@demo.local?s=x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      // The title is the operator's PRODUCT_NAME already in the HTML, before any script runs.
      expect(res.body).toContain(`<title>${t.config.productName}</title>`);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect((await t.app.inject({ url: '/assets/a.js' })).body).toBe('console.log(1)');
    expect((await t.app.inject({ url: '/assets/b.js' })).body).toBe('console.log(2)');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/missing.ico' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });

  it('lets the browser keep hashed build files for good and revalidate everything else', async () => {
    const cacheControl = async (url: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      return res.headers['cache-control'];
    };
    expect(await cacheControl('/assets/boot-D5lxzTFM.js')).toBe('public, max-age=31536000, immutable');
    // No hash in the name, or not the build's own folder: the file may change under the same name.
    for (const url of ['/', '/home', '/assets/a.js', '/assets/i18n/de-AbCdEfGh.js', '/favicon.svg']) {
      expect(await cacheControl(url), url).toBe('no-cache');
    }
  });

  it('sends the security headers with the app, API answers and errors alike; HSTS and the upgrade only over HTTPS', async () => {
    const csp = (upgrade: boolean) =>
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
      "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
      `style-src 'self' 'unsafe-inline';${upgrade ? 'upgrade-insecure-requests;' : ''}frame-src 'self';connect-src 'self'`;
    for (const https of [false, true]) {
      for (const url of ['/', '/assets/a.js', '/api/health', '/api/nothing', '/api/item/statistics']) {
        // Over HTTPS through the trusted proxy, as the refresh cookie's Secure flag decides it.
        const res = await t.app.inject({ url, headers: https ? { 'x-forwarded-proto': 'https' } : {} });
        expect(res.headers['content-security-policy'], url).toBe(csp(https));
        expect(res.headers, url).toMatchObject({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'SAMEORIGIN',
          'referrer-policy': 'no-referrer',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
        });
        expect(res.headers['strict-transport-security'], url).toBe(https ? 'max-age=31536000; includeSubDomains' : undefined);
        expect(res.headers['x-powered-by'], url).toBeUndefined();
      }
    }
  });
});
