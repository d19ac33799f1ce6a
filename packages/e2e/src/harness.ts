import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { assertWebBuilt, DESKTOP, launch, newPage, shot } from './browser';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { type RunningServer, startServer } from './server';

export interface HarnessOptions {
  /** Server environment on top of the defaults (a key given here wins). */
  env?: Record<string, string>;
  /** A mail catcher the server sends through (SMTP_URL), for tests that read or follow mails. */
  mail?: boolean;
  /** The token endpoint's production limit instead of the relaxed one (tests of what production runs). */
  productionRateLimit?: boolean;
}

/**
 * The scaffold of a browser test file, registered in the calling `describe` (or file): before its
 * tests the file's own server on a copy of the run's demo data, the connection to the run's browser
 * and, with `mail`, a mail catcher; after them all three go, with the server's data directory.
 * Hooks the file adds after this call run after the start and before the stop, so they can build on
 * the running server. A failing test leaves a screenshot of the page it opened last.
 */
export function withServerAndBrowser(opts: HarnessOptions = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let mail: MailCatcher | undefined;
  let lastPage: Page | null = null;

  beforeAll(async () => {
    assertWebBuilt();
    if (opts.mail) mail = await startMailCatcher();
    const env = {
      // Browser tests log in many times a minute; the limit itself is covered by the API tests.
      ...(opts.productionRateLimit ? {} : { LOGIN_RATE_LIMIT: '1000' }),
      ...(mail ? { SMTP_URL: mail.url } : {}),
      ...opts.env,
    };
    server = await startServer(env);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await mail?.close();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !lastPage || lastPage.isClosed()) return;
    const file = path.basename(ctx.task.file.name, '.e2e.ts');
    await shot(lastPage, `${file}-failure-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined);
  });

  const running = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: read it in a test or in a hook after withServerAndBrowser()`);
    return value;
  };

  return {
    get server() {
      return running(server, 'server');
    },
    get browser() {
      return running(browser, 'browser');
    },
    get mail() {
      return running(mail, 'mail catcher (withServerAndBrowser({ mail: true }))');
    },
    /** A page of its own for the test (see `newPage` in browser.ts); a failure's screenshot shows it. */
    async newPage(size = DESKTOP) {
      const opened = await newPage(running(browser, 'browser'), size);
      lastPage = opened.page;
      return opened;
    },
    /** Names the page a failure's screenshot shows, for a page kept across tests that one turns to. */
    watch(page: Page) {
      lastPage = page;
    },
  };
}
