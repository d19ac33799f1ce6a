import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './server';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Pages of one site in one context share a renderer, as tabs of a real browser may: with a test's
  // page kept on the test server's origin for the next test (newPage), that test's app starts in
  // a running renderer instead of a new process.
  '--process-per-site',
];

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint?: string;
  }
}

const options = { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true };

/** The run's one Chromium (global-setup.ts); starting one per file cost seconds each. */
export function launchShared(): Promise<BrowserServer> {
  return chromium.launchServer(options);
}

/** A connection to the run's shared browser; its `close()` only disconnects. */
export function launch(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(options);
}

/**
 * What shows while data loads: skeletons and spinning progress. Determinate progress bars (a
 * tile's progress, a password's strength) are content and never go away.
 */
export const LOADING = '.MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate';

/** The app's snackbars (notistack), which some checks read and others leave out of axe's judgement. */
export const SNACKBARS = '.notistack-SnackbarContainer';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Makes a sidebar entry visible: entries past the first group live in sections, one open at a
 * time; the sections' buttons are tried in turn until the link shows.
 */
export async function revealMenuLink(nav: Locator, link: Locator) {
  if (await link.isVisible()) return;
  const sections = nav.locator('[data-section]');
  for (let i = 0; i < (await sections.count()); i++) {
    const section = sections.nth(i);
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    if (await link.isVisible()) return;
  }
}

/** A form field by its label; required fields add an asterisk to the label text. */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*]*$`));

/** Waits for a snackbar (notistack) that says `text`. */
export async function snackbar(page: Page, text: string | RegExp) {
  await page.locator('#notistack-snackbar').filter({ hasText: text }).first().waitFor();
}

/** Screenshots land in ./screenshots (git-ignored) for a person to look at. */
export async function shot(page: Page, name: string) {
  // Nobody looks at them in CI, and each costs a full-page render.
  if (process.env.CI === 'true' && !process.env.E2E_SCREENSHOTS) return;
  const dir = path.join(repoRoot, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Fills and submits the login form; the page must show it already or be navigable to it. */
export async function login(page: Page, baseUrl: string, email: string, password = 'Demo1234!', goto = true) {
  if (goto) await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=username]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
}

/**
 * Runs in every document of a test page before the app: transitions and animations end at once
 * (the end state is what the tests judge). Each one otherwise cost a frame after frame of software
 * rendering, spinners and skeletons as long as they show, and Playwright's wait for a clicked
 * element to stand still; axe's colour contrast could catch a button halfway through a fade.
 */
function noMotion() {
  const style = document.createElement('style');
  style.textContent =
    '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
  const add = () => (document.head ?? document.documentElement).append(style);
  if (document.documentElement) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
}

/**
 * Logs in without the form, for tests that need a session rather than test the login screen:
 * the password grant from here, its refresh cookie and the app's session hint into the page's
 * context, then `/login`, which the app leaves for /home (or the lock page) as after the form.
 * Like the form in a fresh German context, it keeps German as the user's language. Saves the
 * login screen's render (a third of a login's browser CPU). MFA or a refused password: use login().
 * `to`: open this path instead of `/login` (and so the dashboard): a test that starts elsewhere
 * saves a whole app start and the dashboard's render.
 */
export async function signIn(page: Page, baseUrl: string, email: string, { to = '/login', password = 'Demo1234!' } = {}) {
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
  });
  const body = (await res.json()) as { access_token?: string; mfa_required?: string };
  if (!res.ok || !body.access_token || body.mfa_required !== 'none') {
    throw new Error(`signIn(${email}): ${res.status} ${JSON.stringify(body)}; use login() for this case`);
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pc_refresh='));
  if (!cookie) throw new Error(`signIn(${email}): no refresh cookie`);
  const auth = { Authorization: `Bearer ${body.access_token}` };
  const me = (await (await fetch(`${baseUrl}/api/user/me`, { headers: auth })).json()) as { language?: string };
  if (me.language && me.language !== 'de') {
    await fetch(`${baseUrl}/api/user/language`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'de' }),
    });
  }
  const { hostname } = new URL(baseUrl);
  await page.context().addCookies([
    {
      name: 'pc_refresh',
      value: cookie.slice('pc_refresh='.length, cookie.indexOf(';')),
      domain: hostname,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  // The hint lives in the origin's storage: a JSON response is the cheapest document there, and
  // a page from newPage() is often parked on it already.
  const health = `${baseUrl}/api/health`;
  if (page.url() !== health) await page.goto(health);
  await page.evaluate(() => localStorage.setItem('pc.session', '1'));
  await page.goto(`${baseUrl}${to}`);
}

/**
 * A context whose test is over, with its one page parked on a JSON answer of the origin the test
 * was on, and the page's own listeners (Playwright's), which stay.
 */
interface Held {
  context: BrowserContext;
  page: Page;
  own: Map<string | symbol, unknown[]>;
}

/** A page as the event emitter it is at run time (Playwright's types leave those methods out). */
const emitter = (page: Page) => page as unknown as EventEmitter;

function listenersOf(page: Page) {
  const e = emitter(page);
  return new Map(e.eventNames().map((name) => [name, e.listeners(name)]));
}

/**
 * Per connection (so per file), the contexts and pages of tests that are over. A fresh context
 * per test started the app cold every time: a new renderer process, every script fetched again
 * (decision 0015). A page kept for the next test also saves opening a tab, and with its site's
 * renderer kept running (--process-per-site) the next app start begins in a warm process.
 */
const idle = new WeakMap<Browser, Held[]>();

async function freshContext(browser: Browser): Promise<Held> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
  if (process.env.E2E_MOTION !== 'true') await context.addInitScript(noMotion);
  const page = await context.newPage();
  return { context, page, own: listenersOf(page) };
}

/**
 * What a test may have left goes, so the next test starts as in a new context: other pages
 * (popups, second tabs), routes, the listeners it added, cookies, each origin's stored data and
 * the tab's session storage. The page leaves the app first (nothing of it runs while its data is
 * cleared); a page whose server has gone is replaced. The browser's cache of the app's files
 * stays: that is the point.
 */
async function reset(held: Held) {
  const { context, page, own } = held;
  for (const [name, listeners] of listenersOf(page)) {
    for (const listener of listeners) {
      // Through the page's own `off`, which also stops the events no listener wants any more.
      if (!own.get(name)?.includes(listener)) emitter(page).off(name, listener as () => void);
    }
  }
  await Promise.all(context.pages().map((p) => (p === page ? undefined : p.close())));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  const { protocol, origin } = new URL(page.url());
  const parked =
    protocol.startsWith('http') &&
    (await page.goto(`${origin}/api/health`, { timeout: 5_000 }).then(
      (res) => res?.ok() === true,
      () => false,
    ));
  if (parked) {
    await page.evaluate(() => sessionStorage.clear());
  } else {
    await page.close();
    held.page = await context.newPage();
    held.own = listenersOf(held.page);
  }
  await context.clearCookies();
  const { origins } = await context.storageState();
  if (origins.length === 0) return;
  const cdp = await context.newCDPSession(held.page);
  for (const { origin } of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
}

/**
 * A page of its own for a test: no cookies, no stored data, German, at `size`. `close()` ends the
 * test's use of it; page and context then serve the file's next test (a test holding two pages
 * gets two contexts). An init script a test adds must be disposed of before `close()`.
 */
export async function newPage(browser: Browser, size = DESKTOP) {
  let pool = idle.get(browser);
  if (!pool) {
    pool = [];
    idle.set(browser, pool);
  }
  const held = pool.pop() ?? (await freshContext(browser));
  const { page } = held;
  await page.setViewportSize(size);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await reset(held);
      pool.push(held);
    } catch {
      // The browser went first (a file's afterAll): nothing is left to reuse.
      await held.context.close().catch(() => undefined);
    }
  };
  return { page, errors, close };
}

/**
 * Serious or critical axe violations of the page as it is now, each with its elements. `exclude`
 * leaves out what another test judges (the shell's sidebar, snackbars mid-animation), `include`
 * narrows to one region, `tags` to rule sets (e.g. WCAG 2.1 A/AA).
 */
export async function seriousViolations(
  page: Page,
  opts: { include?: string; exclude?: string[]; tags?: string[] } = {},
): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  // Colours judged mid-transition (a button turning from disabled to enabled as its data arrives)
  // fail color-contrast: let finite transitions and animations end first (spinners never do).
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ).then(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
    )
    .catch(() => undefined);
  // The builder evaluates axe-core's 650 kB source in every frame on every call (twice in the main
  // frame), and the SPA keeps its document across in-app navigation: once a document has axe, a
  // no-op source makes the builder reuse it (same configuration, same run). Halves a call's CPU.
  const frames = page.frames();
  const injected = await Promise.all(frames.map((f) => f.evaluate('typeof window.axe?.run === "function"').catch(() => false)));
  const axeSource = injected.every(Boolean) ? ';' : undefined;
  // Only violations are read: axe then skips collecting the many passes, most of its time per page.
  // Legacy mode runs axe in the page itself; the default opens a blank page per call to merge the
  // results of cross-origin frames (the app has none), which made each call about three times slower.
  let axe = new AxeBuilder({ page, axeSource }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (opts.include) axe = axe.include(opts.include);
  for (const e of opts.exclude ?? []) axe = axe.exclude(e);
  if (opts.tags) axe = axe.withTags(opts.tags);
  const res = await axe.analyze();
  return res.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The built web app is served by the server; browser tests need it. */
export function assertWebBuilt() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first (npm test does).');
  }
}
