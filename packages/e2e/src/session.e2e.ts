import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login } from './browser';
import { withServerAndBrowser } from './harness';

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Dashboard' }).waitFor();

describe('sessions at the default rate limits', () => {
  // Reloads must live with what production runs.
  const app = withServerAndBrowser({ productionRateLimit: true });

  it('40 reloads within a minute stay logged in', async () => {
    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    await dashboard(page);
    const refreshedAt: number[] = [];
    for (let i = 0; i < 40; i++) {
      const refreshed = page.waitForResponse((res) => res.url().endsWith('/api/auth/token'));
      await page.reload({ waitUntil: 'commit' });
      expect((await refreshed).status()).toBe(200);
      refreshedAt.push(Date.now());
    }
    // More refreshes than the login limit (20) fell into one minute, which used to log out.
    const busiestMinute = Math.max(...refreshedAt.map((t) => refreshedAt.filter((u) => u >= t && u < t + 60_000).length));
    expect(busiestMinute).toBeGreaterThan(20);
    await dashboard(page);
    expect(page.url()).toContain('/home');
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it('a reload waits out a rate-limited or unreachable refresh instead of logging out', async () => {
    const { page, close } = await app.newPage();
    await login(page, app.server.url, 'reader@demo.local');
    await dashboard(page);
    let calls = 0;
    await page.route('**/api/auth/token', (route) => {
      calls += 1;
      if (calls === 1) return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, json: { code: 'rate_limited' } });
      if (calls === 2) return route.abort('connectionrefused');
      return route.continue();
    });
    await page.reload();
    await dashboard(page);
    expect(calls).toBe(3);
    expect(page.url()).toContain('/home');
    await page.unroute('**/api/auth/token');
    // The session is whole: another reload refreshes normally.
    await page.reload();
    await dashboard(page);
    await close();
  }, 120_000);

  it('a page load asks for the page’s data once, before the page renders', async () => {
    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    await dashboard(page);
    await page.goto(`${app.server.url}/process`);
    await page.locator('.MuiDataGrid-row [data-field=name] a').first().click();
    await page.waitForURL(/\/process\/[0-9a-f-]{36}$/);
    const detail = new URL(page.url()).pathname;

    for (const [path, data] of [
      ['/process', '/api/process?'],
      [detail, `/api${detail}`],
    ] as const) {
      const sent: string[] = [];
      const onRequest = (r: { url(): string }) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) sent.push(url.pathname + url.search);
      };
      page.on('request', onRequest);
      // Shown, and nothing more asked for: a page that asked again would have done so by then.
      await page.goto(`${app.server.url}${path}`, { waitUntil: 'networkidle' });
      page.off('request', onRequest);
      const first = (prefix: string) => sent.findIndex((u) => u.startsWith(prefix));
      // The page's data and the shell's badge went out before the shell rendered (which asks for
      // the avatar), and the page, once rendered, used them instead of asking again.
      expect(first(data), sent.join('\n')).toBeGreaterThanOrEqual(0);
      expect(first(data)).toBeLessThan(first('/api/avatar/'));
      expect(first('/api/item/statistics')).toBeLessThan(first('/api/avatar/'));
      expect(sent.filter((u) => u.startsWith(data) && (data.endsWith('?') || u === data))).toHaveLength(1);
      expect(sent.filter((u) => u.startsWith('/api/item/statistics'))).toHaveLength(1);
    }
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('a reload styles the page from the last visit’s rules, looking the same; a damaged store is dropped', async () => {
    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    await dashboard(page);
    await page.goto(`${app.server.url}/process`);
    const row = page.locator('.MuiDataGrid-row [data-field=name] a').first();
    await row.waitFor();
    // Rules emotion compiled and inserted itself (its own tags are named by the key alone), and
    // those handed over from the last visit (named by the key and the rules' names).
    const rules = () =>
      page.evaluate(() => {
        const count = (selector: string) =>
          Array.from(document.querySelectorAll<HTMLStyleElement>(selector)).reduce(
            (n, s) => n + (s.sheet?.cssRules.length ?? 0),
            0,
          );
        return { compiled: count('style[data-emotion="css"]'), kept: count('style[data-emotion^="css "]') };
      });
    const looks = () =>
      page.evaluate(() =>
        [
          'nav a[aria-current=page]',
          'h1',
          '.MuiDataGrid-columnHeader',
          '.MuiDataGrid-row [data-field=name]',
          'header button',
        ].map((selector) => {
          const s = getComputedStyle(document.querySelector(selector)!);
          return [selector, s.color, s.backgroundColor, s.fontSize, s.fontWeight, s.padding, s.height].join(' ');
        }),
      );
    const fresh = await rules();
    const before = await looks();
    expect(fresh.compiled).toBeGreaterThan(200);

    await page.reload();
    await row.waitFor();
    const again = await rules();
    expect(again.kept).toBeGreaterThanOrEqual(fresh.compiled);
    expect(again.compiled).toBeLessThan(fresh.compiled / 10);
    expect(await looks()).toEqual(before);

    // A value that is not the app's own (another version, damaged) is dropped and changes nothing.
    // Written as the next document starts: the page going away keeps its own rules first.
    const damaged = await page.addInitScript(() => localStorage.setItem('pc.styles.v1', '{"names":'));
    await page.reload();
    await row.waitFor();
    await damaged.dispose();
    expect((await rules()).compiled).toBeGreaterThan(200);
    expect(await looks()).toEqual(before);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('tabs reloading at the same moment do not spend one refresh token twice', async () => {
    const { page, close } = await app.newPage();
    await login(page, app.server.url, 'other@demo.local');
    await dashboard(page);
    const second = await page.context().newPage();
    await second.goto(`${app.server.url}/home`);
    await dashboard(second);
    for (let i = 0; i < 3; i++) {
      await Promise.all([page.reload(), second.reload()]);
      await Promise.all([dashboard(page), dashboard(second)]);
    }
    expect(page.url()).toContain('/home');
    expect(second.url()).toContain('/home');
    await close();
  }, 120_000);
});
