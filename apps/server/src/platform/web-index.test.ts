import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandIndexHtml } from './web-index';

const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');

describe("the web app's first paint", () => {
  it('carries PRODUCT_NAME as the title before any script runs', () => {
    const html = brandIndexHtml(source, { productName: 'Acme <Datenschutz>', logoUrl: null });
    expect(html).toContain('<title>Acme &lt;Datenschutz&gt;</title>');
    expect(html).not.toContain('Privacy Cockpit');
    // Without a logo the built-in mark stays.
    expect(html).toMatch(/<div class="boot"[^>]*>\s*<svg/);
  });

  it("shows the operator's logo instead of the built-in mark", () => {
    const html = brandIndexHtml(source, { productName: 'Acme', logoUrl: '/api/config/logo?v=abc' });
    expect(html).toMatch(/<div class="boot"[^>]*><img src="\/api\/config\/logo\?v=abc"/);
    expect(html).not.toContain('<svg');
    expect(html).toContain('<script type="module"');
  });
});
