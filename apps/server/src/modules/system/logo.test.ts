import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';

/** How many images each page of a PDF paints, read back with pdf.js. */
async function imagesPerPage(data: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const counts: number[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const ops = await (await doc.getPage(i)).getOperatorList();
    counts.push(ops.fnArray.filter((f) => f === OPS.paintImageXObject).length);
  }
  await doc.destroy();
  return counts;
}

describe('the operator logo (LOGO_FILE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-logo-'));
  const file = path.join(dir, 'logo.png');
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received.push(raw);
        cb();
      });
    },
  });
  let png: Buffer;
  let t: TestApp;

  beforeAll(async () => {
    png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#7a1f5c' } })
      .png()
      .toBuffer();
    fs.writeFileSync(file, png);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ LOGO_FILE: file, SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is served to the web app, which names it in the public configuration', async () => {
    const { logoUrl } = (await t.app.inject({ url: '/api/config' })).json();
    expect(logoUrl).toMatch(/^\/api\/config\/logo\?v=[0-9a-f]{16}$/);
    const res = await t.app.inject({ url: logoUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('heads every page of a report', async () => {
    const admin = await t.tokenFor('admin@demo.local');
    const companies = (await t.app.inject({ url: '/api/company/list-items', headers: t.auth(admin) })).json();
    const bakery = companies.find((c: { name: string }) => c.name === 'Bäckerei Schmidt').id;
    const res = await t.app.inject({
      url: `/api/report/processing-register?${new URLSearchParams({ companyId: bakery, kind: 'controller', format: 'pdf' })}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const counts = await imagesPerPage(res.rawPayload);
    expect(counts.length).toBeGreaterThan(1);
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(1);
  });

  it('tops every mail, embedded beside the plain text', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reader@demo.local' } });
    await t.app.mailer.idle();
    const raw = received.at(-1) ?? '';
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toContain('cid:logo@privacy-cockpit');
    expect(raw).toMatch(/Content-ID: <logo@privacy-cockpit>/i);
    expect(raw.replace(/\r?\n/g, '')).toContain(png.toString('base64').slice(0, 60));
  });

  it('must be a PNG or JPEG: anything else stops the server', () => {
    const svg = path.join(dir, 'logo.svg');
    fs.writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(() => loadConfig({ LOGO_FILE: svg })).toThrow(ConfigError);
    expect(() => loadConfig({ LOGO_FILE: path.join(dir, 'missing.png') })).toThrow('LOGO_FILE');
    expect(loadConfig({}).logo).toBeNull();
  });
});
