import { describe, expect, it } from 'vitest';
import { LOADING, revealMenuLink, signIn } from './browser';
import { withServerAndBrowser } from './harness';

/**
 * Every menu entry a demo user is shown opens with data — no API answer of 403, 404
 * or 5xx and no console error on any of them — the reader included, who sees one company only.
 */
describe('every menu entry of every demo user', () => {
  const app = withServerAndBrowser();

  for (const email of ['admin@demo.local', 'reader@demo.local', 'other@demo.local']) {
    it(`opens without a refused request or console error for ${email}`, { timeout: 300_000 }, async () => {
      const { page, errors, close } = await app.newPage();
      const problems: string[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/api/') && res.status() >= 400) {
          problems.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
        }
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
      });
      await signIn(page, app.server.url, email);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
      const hrefs = await nav.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(3);

      const found: Record<string, string[]> = {};
      for (const href of hrefs) {
        problems.length = 0;
        const link = nav.locator(`a[href="${href}"]`);
        await revealMenuLink(nav, link);
        await link.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(href);
        await page.locator('h1').first().waitFor();
        await page
          .locator(LOADING)
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
        // A forbidden or missing page shows its own heading instead of the section's.
        const heading = (await page.locator('h1').first().textContent()) ?? '';
        if (/Seite nicht gefunden/.test(heading)) problems.push(`page: ${heading}`);
        if (problems.length) found[href] = [...problems];
      }
      expect(found).toEqual({});
      expect(errors).toEqual([]);
      await close();
    });
  }
});
