import { randomUUID } from 'node:crypto';
import { itemTypes } from '@pc/shared';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RoutePage, routeDefs } from '../../../apps/web/src/lib/routing/route-table';
import { accessToken } from './api';
import { seriousViolations as axeViolations, LOADING, login } from './browser';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

/**
 * Every path of the web route table, parameters filled with what the user can see: the first
 * item of each register, the first company; ids nobody has where the page answers for any id.
 */
async function concretePaths(server: RunningServer, email: string): Promise<{ path: string; page: RoutePage }[]> {
  const auth = { Authorization: `Bearer ${await accessToken(server.url, email)}` };
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
  // The first questionnaire sent: its detail page has menus and dialogs of its own.
  const questionnaire = (await get<{ id: string }[]>('/questionnaire'))?.[0]?.id;
  if (questionnaire) firstItem.set('/questionnaire', questionnaire);
  const paths: { path: string; page: RoutePage }[] = [];
  for (const { path, page } of routeDefs) {
    if (!path.includes('$')) {
      paths.push({ path, page });
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
    paths.push({ path: filled, page });
  }
  return paths;
}

/** WCAG 2.1 A/AA findings rated serious or critical, for the whole page (shell included). */
const violations = (page: Page, include?: string) =>
  axeViolations(page, { include, tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });

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
 * The page types whose menus and dialogs the walk opens, the first time it meets each trigger:
 * the dashboard, the lists and the detail pages. Not the wizard or the account's cancellation,
 * whose buttons move on rather than open something.
 */
const OPENED: ReadonlySet<RoutePage> = new Set<RoutePage>([
  'home',
  'item-list',
  'item-detail',
  'service-agreement-list',
  'appointment-list',
  'questionnaire-list',
  'questionnaire-detail',
  'time-record',
  'time-comparison',
  'time-budget-element',
  'tags',
  'invitation',
  'calendar',
  'documents',
  'change-log',
  'company-view',
  'companies-admin',
  'company-edit',
  'users-admin',
  'roles-admin',
  'security-log',
  'help-admin',
  'billing-admin',
  'terms-of-use-admin',
]);

/** What opens over a page: dialogs, menus, popovers and a select's or picker's list (not a tooltip). */
const OVERLAY =
  ':is(.MuiModal-root, .MuiPopper-root, [role="dialog"], [role="menu"], [role="listbox"]):not(.MuiTooltip-popper):not([aria-hidden="true"])';

/** Marks what a click opened, for axe to judge alone. */
const OPEN = 'data-walk-open';

/** A trigger's key (its role and name) on the element, so the walk can click it after a re-render. */
const TRIGGER = 'data-walk-trigger';

/**
 * The controls in `scope` that may open something, marked with their key: buttons, comboboxes
 * and whatever says it has a popup. Left out: disabled ones, toggles (pressed or expanded without a
 * popup: they change the page, not open over it), rows of a grid but its first (each row has the
 * same controls), anything in an overlay, and logging out.
 */
function markTriggers(page: Page, scope: string): Promise<[key: string, name: string][]> {
  return page.evaluate(
    ({ scope, attr }) => {
      const keys: [string, string][] = [];
      const candidates = document.querySelectorAll<HTMLElement>(
        scope
          .split(',')
          .map((s) => `${s} :is(button, [role="button"], [role="combobox"], [aria-haspopup]:not([aria-haspopup="false"]))`)
          .join(','),
      );
      for (const el of candidates) {
        el.removeAttribute(attr);
        if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.matches(':disabled, [aria-disabled="true"], [type="submit"], [aria-pressed]')) continue;
        if (el.hasAttribute('aria-expanded') && !el.hasAttribute('aria-haspopup')) continue;
        // What opens nothing: tabs, chips that act (insert a placeholder, remove a tag), sorting,
        // paging, clearing a field.
        if (
          el.matches('[role="tab"], .MuiChip-root, .MuiChip-root *, .MuiDataGrid-sortButton, .MuiAutocomplete-clearIndicator')
        ) {
          continue;
        }
        if (el.closest('.MuiTablePagination-actions')) continue;
        if (el.closest('.MuiDataGrid-row:not([data-rowindex="0"]), [role="dialog"], .MuiModal-root, [aria-hidden="true"]'))
          continue;
        const labelledBy = el
          .getAttribute('aria-labelledby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        const name = (el.getAttribute('aria-label') || labelledBy || el.innerText || el.title || '').trim().replace(/\s+/g, ' ');
        if (/^(Abmelden|Log out)$/i.test(name)) continue;
        // One kind of trigger, many instances: an icon button is its icon ("Aktionen für Anna Admin"
        // and "… für Lea Lang" are both a MoreVert), a labelled one its words without what they name
        // ("Kachel „Audits“ ausblenden", "Fällig: Audit Filiale", numbers, dates).
        const icon = el.innerText.trim() ? null : el.querySelector('svg path')?.getAttribute('d')?.slice(0, 24);
        const kind = icon ? `icon ${icon}` : name.replace(/„[^“]*“|"[^"]*"|\d+|: .*$/g, '…').slice(0, 80);
        // The grid's own menus and the date pickers are the same on every page: once in the walk.
        const shared = !!el.closest('.MuiDataGrid-footerContainer, .MuiDataGrid-columnHeaders, .MuiInputAdornment-root');
        const key = `${shared ? 'shared ' : ''}${el.getAttribute('role') ?? el.tagName.toLowerCase()}${el.getAttribute('aria-haspopup') ? '+popup' : ''} "${kind}"`;
        el.setAttribute(attr, key);
        if (!keys.some(([k]) => k === key)) keys.push([key, name]);
      }
      return keys;
    },
    { scope, attr: TRIGGER },
  );
}

/**
 * Clicks one trigger; when something opens over the page, judges the page with it open and
 * closes it with Escape. Returns the findings, or null when nothing opened (or the click moved
 * to another route, which the walk judges on its own).
 */
async function openAndJudge(page: Page, key: string, inFlight: () => number): Promise<string[] | null> {
  await page.evaluate(
    ({ overlay, left, open }) => {
      for (const el of document.querySelectorAll(`[${open}]`)) el.removeAttribute(open);
      for (const el of document.querySelectorAll(overlay)) el.setAttribute(left, '');
    },
    { overlay: OVERLAY, left: LEFT, open: OPEN },
  );
  const at = page.url();
  const clicked = await page
    .locator(`[${TRIGGER}="${key.replace(/["\\]/g, '\\$&')}"]`)
    .first()
    .click({ timeout: 1_000 })
    .then(
      () => true,
      () => false,
    );
  if (!clicked) return null;
  const fresh = `${OVERLAY}:not([${LEFT}])`;
  // Most clicks open nothing (a tab, a filter, a sort): that is known once nothing has opened for
  // a moment and nothing is loading any more (a dialog's code or data); a long fixed wait per
  // click took minutes.
  let opened = false;
  for (const started = Date.now(); !opened && Date.now() - started < 5_000; ) {
    opened = await page
      .waitForFunction(
        ({ fresh, open }) => {
          const found = document.querySelectorAll(fresh);
          for (const el of found) el.setAttribute(open, '');
          return found.length > 0;
        },
        { fresh, open: OPEN },
        { timeout: 250, polling: 'raf' },
      )
      .then(
        () => true,
        () => false,
      );
    if (!opened && inFlight() === 0 && Date.now() - started > 500) break;
  }
  if (page.url() !== at || !opened) return null;
  await page
    .locator(LOADING)
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  // The page below was judged as it loaded: what is new is what opened.
  const found = await violations(page, `[${OPEN}]`);
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Escape');
    const closed = await page
      .waitForFunction((sel) => !document.querySelector(sel), fresh, { timeout: 2_000 })
      .then(
        () => true,
        () => false,
      );
    if (closed) return found;
  }
  return [...found, 'does not close with Escape'];
}

/** Back to the route `to` when a click moved elsewhere (a "new" button, a day of the calendar). */
async function back(page: Page, to: string) {
  if (new URL(page.url()).pathname === to) return;
  await page.evaluate(
    ({ to, left }) => {
      for (const el of document.querySelectorAll('h1, [role="dialog"]')) el.setAttribute(left, '');
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    { to, left: LEFT },
  );
  await settle(page, { to, from: to, judged: [] });
}

/** Closes what is still open over the page (a menu that opened late): a modal hides the page from axe. */
async function closeStray(page: Page) {
  for (let i = 0; i < 3 && (await page.locator(OVERLAY).count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
}

/**
 * Walks every route as one user; one file per user (accessibility-*.e2e.ts) so the two walks,
 * the longest browser tests, run side by side. `overlays`: also open each kind of menu and dialog
 * once per page type. One walk does that, as the user who may open them all: a dialog is the same
 * component whoever opens it, and opening each again as a second user doubled the walks' time.
 */
export function accessibilityWalk(email: string, { overlays }: { overlays: boolean }) {
  describe(`accessibility of every route as ${email}`, () => {
    const app = withServerAndBrowser();

    it('finds no serious or critical axe violation', { timeout: 1_800_000 }, async () => {
      const only = process.env.A11Y_ROUTES?.split(',');
      const paths = (await concretePaths(app.server, email)).filter(({ path }) => !only || only.some((o) => path.startsWith(o)));
      const { page, close } = await app.newPage();
      await login(page, app.server.url, email);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const found: Record<string, string[]> = {};
      const judged = new Set<string>();
      // Each kind of menu or dialog once per page type (and the shell's once): its key when opened.
      const opened = new Set<string>();
      const inFlight = new Set<Request>();
      page.on('request', (r) => inFlight.add(r));
      page.on('requestfinished', (r) => inFlight.delete(r));
      page.on('requestfailed', (r) => inFlight.delete(r));
      // While menus and dialogs are opened, nothing is changed on the server: a button that would
      // change something right away (not after a confirmation) must not alter what later pages show.
      const readOnly = async (route: Route) => {
        const request = route.request();
        if (request.method() === 'GET' || new URL(request.url()).pathname.startsWith('/api/auth/')) await route.fallback();
        else await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"walk"}' });
      };
      for (const { path, page: type } of paths) {
        const started = Date.now();
        const to = new URL(path, app.server.url).pathname;
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
        if (overlays && arrived && landed === to && OPENED.has(type)) {
          await page.route('**/api/**', readOnly);
          const scopes = [...(opened.has('shell') ? [] : [['shell', 'header, aside']]), [type, 'main']];
          opened.add('shell');
          for (const [kind, scope] of scopes) {
            for (const [key, name] of await markTriggers(page, scope!)) {
              const seen = key.startsWith('shared ') ? key : `${kind} ${key}`;
              if (opened.has(seen)) continue;
              opened.add(seen);
              // A trigger that moved to another route, or a re-render, may have taken the others away.
              await back(page, to);
              await closeStray(page);
              await markTriggers(page, scope!);
              const t0 = Date.now();
              const w = await openAndJudge(page, key, () => inFlight.size);
              if (w?.length) found[`${path} › "${name}"`] = w;
              if (process.env.A11Y_PROGRESS) {
                console.log(email, path, `"${name}"`, `${Date.now() - t0} ms`, w ? (w.length ? w : 'ok') : 'opened nothing');
              }
            }
          }
          await closeStray(page);
          // The next route starts from this one, as it would have without the clicks.
          await back(page, to);
          await page.unroute('**/api/**', readOnly);
        }
        // A full run takes minutes on a busy machine: say what was found as it goes.
        if (process.env.A11Y_PROGRESS) console.log(email, path, `${Date.now() - started} ms`, v.length ? v : 'ok');
      }
      expect(found).toEqual({});
      await close();
    });
  });
}
