import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWebBuilt, DESKTOP, launch, login, newPage, PHONE, shot } from './browser';
import { type RunningServer, startServer } from './server';

async function token(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Demo1234!' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('the notification bell', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    assertWebBuilt();
    server = await startServer();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('shows a breach another user records within 60 s, marks it read and opens it', async () => {
    const { page, errors, close } = await newPage(browser, DESKTOP);
    await login(page, server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const bell = page.getByRole('button', { name: /^Benachrichtigungen/ });
    await bell.waitFor();
    // "Benachrichtigungen, 3 ungelesen", or no number when there is nothing unread.
    const unread = async () => Number(/(\d+) ungelesen/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    const before = await unread();

    // The editor records a breach at the bakery (the agency's client) through the API.
    const auth = { Authorization: `Bearer ${await token(server, 'lea.lang@demo.local')}`, 'Content-Type': 'application/json' };
    const companies = (await (await fetch(`${server.url}/api/company/list-items`, { headers: auth })).json()) as {
      id: string;
      name: string;
    }[];
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!.id;
    const res = await fetch(`${server.url}/api/data-breach`, {
      method: 'POST',
      headers: { ...auth, 'X-Tenant': bakery },
      body: JSON.stringify({ name: 'USB-Stick verloren', data: { discoveredAt: new Date().toISOString() } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const breach = (await res.json()) as { id: string };

    // No reload: the bell's poll brings it within 60 s.
    await expect.poll(unread, { timeout: 65_000, interval: 2_000 }).toBe(before + 1);

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    const entry = panel.getByRole('button', { name: /Neue Datenschutzverletzung.*USB-Stick verloren/ });
    await entry.waitFor();
    await shot(page, 'notifications-panel-desktop');
    await entry.click();
    await expect.poll(() => page.url()).toContain(`/data-breach/${breach.id}`);
    await expect.poll(unread).toBe(before);
    expect(errors).toEqual([]);
    await close();

    const phone = await newPage(browser, PHONE);
    await login(phone.page, server.url, 'admin@demo.local');
    await phone.page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    await phone.page
      .getByRole('dialog', { name: 'Benachrichtigungen' })
      .getByText('USB-Stick verloren', { exact: false })
      .waitFor();
    await shot(phone.page, 'notifications-panel-phone');
    await phone.close();
  }, 120_000);
});
