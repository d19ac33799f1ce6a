import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { itemTypes } from '@pc/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDefs } from '../../../apps/web/src/lib/routing/route-table';
import { assertWebBuilt, seriousViolations as axeViolations, DESKTOP, LOADING, launch, login, newPage } from './browser';
import { type RunningServer, startServer } from './server';

async function token(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Demo1234!' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Every path of the web route table, parameters filled with what the user can see: the first
 * item of each register, the first company; ids nobody has where the page answers for any id.
 */
async function concretePaths(server: RunningServer, email: string): Promise<string[]> {
  const auth = { Authorization: `Bearer ${await token(server, email)}` };
  const get = async <T>(path: string): Promise<T | null> => {
    const res = await fetch(`${server.url}/api${path}`, { headers: auth });
    return res.ok ? ((await res.json()) as T) : null;
  };
  const companies = (await get<{ id: string }[]>('/company/list-items')) ?? [];
  const firstItem = new Map<string, string>();
  for (const t of itemTypes) {
    const page = await get<{ items: { id: string }[] }>(`/${t.key}?page=0&pageSize=1`);
    const id = page?.items[0]?.id;
    if (id) firstItem.set(t.route, id);
  }
  const paths: string[] = [];
  for (const { path } of routeDefs) {
    if (!path.includes('$')) {
      paths.push(path);
      continue;
    }
    const base = path.slice(0, path.indexOf('/$'));
    const item = firstItem.get(base);
    const filled = path
      .replace('$id', item ?? (base.includes('compan') ? (companies[0]?.id ?? randomUUID()) : randomUUID()))
      .replace('$documentId', randomUUID())
      .replace('$userId', randomUUID())
      .replace('$email', 'niemand%40example.org')
      .replace('$responseKey', 'unbekannt')
      .replace('$token', 'unbekannt');
    paths.push(filled);
  }
  return paths;
}

/** WCAG 2.1 A/AA findings rated serious or critical, for the whole page (shell included). */
const violations = (page: Page) => axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });

/** The old page's headings and dialogs, marked before each move so that the new page's are told apart. */
const LEFT = 'data-walk-left';

/**
 * The route pushed last shows its own heading or dialog (each route mounts its own component), or
 * it redirected back to the page it came from or to one judged already; and nothing is loading.
 * False when the route showed neither within 10 s: every page has an h1 (or is a dialog).
 */
async function settle(page: Page, move: { to: string; from: string; judged: string[] }): Promise<boolean> {
  const arrived = await page
    .waitForFunction(
      ({ to, from, judged, left }) => {
        if (document.querySelector(`h1:not([${left}]), [role="dialog"]:not([${left}])`)) return true;
        const at = window.location.pathname;
        return at !== to && (at === from || judged.includes(at));
      },
      { ...move, left: LEFT },
      { timeout: 10_000 },
    )
    .then(() => true)
    .catch(() => false);
  await page
    .locator(LOADING)
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  return arrived;
}

/**
 * Walks every route as one user; one file per user (accessibility-*.e2e.ts) so the two walks,
 * the longest browser tests, run side by side.
 */
export function accessibilityWalk(email: string) {
  describe(`accessibility of every route as ${email}`, () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      assertWebBuilt();
      server = await startServer({ LOGIN_RATE_LIMIT: '1000' });
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    });

    it('finds no serious or critical axe violation', { timeout: 1_800_000 }, async () => {
      const only = process.env.A11Y_ROUTES?.split(',');
      const paths = (await concretePaths(server, email)).filter((p) => !only || only.some((o) => p.startsWith(o)));
      const { page, close } = await newPage(browser, DESKTOP);
      await login(page, server.url, email);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const found: Record<string, string[]> = {};
      const judged = new Set<string>();
      for (const path of paths) {
        const started = Date.now();
        const to = new URL(path, server.url).pathname;
        // In-app navigation (the router follows popstate): a reload per route would take minutes.
        const from = await page.evaluate(
          ({ to, left }) => {
            for (const el of document.querySelectorAll('h1, [role="dialog"]')) el.setAttribute(left, '');
            const from = window.location.pathname;
            window.history.pushState({}, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
            return from;
          },
          { to: path, left: LEFT },
        );
        const arrived = await settle(page, { to, from, judged: [...judged] });
        // A route the user may not open redirects (to /forbidden, /home …): that page is judged once.
        const landed = await page.evaluate(() => window.location.pathname);
        if (landed !== to && judged.has(landed)) continue;
        judged.add(landed);
        const v = [...(arrived ? [] : ['no heading (h1) or dialog of its own']), ...(await violations(page))];
        if (v.length) found[path] = v;
        // A full run takes minutes on a busy machine: say what was found as it goes.
        if (process.env.A11Y_PROGRESS) console.log(email, path, `${Date.now() - started} ms`, v.length ? v : 'ok');
      }
      expect(found).toEqual({});
      await close();
    });
  });
}
