import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, shot } from './browser';
import { withServerAndBrowser } from './harness';

/** A 1×1 PNG: the operator's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe("the operator's branding: product name, logo and languages", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-brand-'));
  fs.writeFileSync(path.join(dir, 'logo.png'), PNG);
  const app = withServerAndBrowser({
    env: { PRODUCT_NAME: 'Acme Datenschutz', LOGO_FILE: path.join(dir, 'logo.png'), LANGUAGES: 'en' },
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts in the only offered language, offers no other, and shows the logo and name everywhere', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const { page, errors, close } = await app.newPage(size);
      // The first paint, before any script: the operator's title and logo already.
      const first = await (await fetch(`${app.server.url}/login`)).text();
      expect(first).toContain('<title>Acme Datenschutz</title>');
      expect(first).toContain('<img src="/api/config/logo?v=');
      await page.goto(`${app.server.url}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.getByRole('group', { name: /Language|Sprache/ }).count()).toBe(0);
      await expect.poll(() => page.locator('img[data-logo=operator]').count()).toBe(1);
      expect(await page.getByText('Acme Datenschutz').count()).toBeGreaterThan(0);
      await shot(page, `branding-login-${size === PHONE ? 'phone' : 'desktop'}`);

      await page.locator('input[name=username]').fill('admin@demo.local');
      await page.locator('input[name=password]').fill('Demo1234!');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.title()).toMatch(/^Acme Datenschutz/);
      if (size === PHONE)
        await page
          .getByRole('button', { name: /Show menu/ })
          .first()
          .click();
      await expect.poll(() => page.locator('img[data-logo=operator]').filter({ visible: true }).count()).toBe(1);
      await page.getByText('Dashboard', { exact: true }).first().waitFor();
      expect(await page.getByText('Privacy Cockpit').count()).toBe(0);
      await shot(page, `branding-shell-${size === PHONE ? 'phone' : 'desktop'}`);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
