import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { DESKTOP, login, PHONE, shot } from './browser';
import { withServerAndBrowser } from './harness';

describe('the notification bell', () => {
  const app = withServerAndBrowser();

  it('shows a breach another user records at the next poll, marks it read and opens it', async () => {
    const { page, errors, close } = await app.newPage();
    // The page's own clock, so the test moves it to the bell's next poll instead of waiting for it.
    await page.clock.install();
    await login(page, app.server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const bell = page.getByRole('button', { name: /^Benachrichtigungen/ });
    await bell.waitFor();
    // "Benachrichtigungen, 3 ungelesen", or no number when there is nothing unread.
    const unread = async () => Number(/(\d+) ungelesen/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    // The demo's inbox has unread notifications: wait until the bell has loaded its count.
    await expect.poll(unread).toBeGreaterThan(0);
    const before = await unread();

    // The editor records a breach at the bakery (the agency's client) through the API.
    const auth = {
      Authorization: `Bearer ${await accessToken(app.server.url, 'lea.lang@demo.local')}`,
      'Content-Type': 'application/json',
    };
    const companies = (await (await fetch(`${app.server.url}/api/company/list-items`, { headers: auth })).json()) as {
      id: string;
      name: string;
    }[];
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!.id;
    const res = await fetch(`${app.server.url}/api/data-breach`, {
      method: 'POST',
      headers: { ...auth, 'X-Tenant': bakery },
      body: JSON.stringify({ name: 'USB-Stick verloren', data: { discoveredAt: new Date().toISOString() } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const breach = (await res.json()) as { id: string };

    // No reload: the bell's next poll (every 30 s) brings it.
    expect(await unread()).toBe(before);
    await page.clock.fastForward(31_000);
    await expect.poll(unread, { timeout: 15_000 }).toBe(before + 1);

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

    const phone = await app.newPage(PHONE);
    await login(phone.page, app.server.url, 'admin@demo.local');
    await phone.page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    await phone.page
      .getByRole('dialog', { name: 'Benachrichtigungen' })
      .getByText('USB-Stick verloren', { exact: false })
      .waitFor();
    await shot(phone.page, 'notifications-panel-phone');
    await phone.close();
  }, 120_000);

  it('lists every notification on its own page: filter, open, mark one and all read', async () => {
    const { page, errors, close } = await app.newPage();
    await login(page, app.server.url, 'admin@demo.local');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    await page
      .getByRole('dialog', { name: 'Benachrichtigungen' })
      .getByRole('button', { name: 'Alle Benachrichtigungen' })
      .click();
    await page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/notification$/);
    const grid = page.getByRole('grid', { name: 'Benachrichtigungen' });
    await grid.getByRole('row').nth(1).waitFor();
    await shot(page, 'notification-page-desktop');

    // Only the unread ones, only new breaches: the filter is in the URL and on the server.
    await page.getByLabel('Anzeigen').click();
    await page.getByRole('option', { name: 'Nur ungelesene' }).click();
    await expect.poll(() => page.url()).toContain('show=unread');
    await page.getByLabel('Art', { exact: true }).click();
    await page.getByRole('option', { name: 'Neue Datenschutzverletzung' }).click();
    await expect.poll(() => page.url()).toContain('kind=breach_created');
    const rows = grid.getByRole('row');
    // The previous page stays on screen while the filtered one loads: wait until only new breaches show.
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 1 && texts.slice(1).every((text) => text.includes('Neue Datenschutzverletzung'));
      })
      .toBe(true);
    const before = (await rows.count()) - 1;
    // Mark one read: it leaves the unread list.
    await rows.nth(1).getByRole('button', { name: 'Als gelesen markieren' }).click();
    await expect.poll(async () => (await rows.count()) - 1).toBe(before - 1);

    // Mark all read: the bell has nothing left, and the unread list is empty.
    await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await page.getByText('Alle Benachrichtigungen sind gelesen.').waitFor();
    await grid.getByText('Keine Benachrichtigungen').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /^Benachrichtigungen/ })
          .first()
          .getAttribute('aria-label'),
      )
      .toBe('Benachrichtigungen');

    // Everything again: an entry opens its item.
    await page.getByLabel('Anzeigen').click();
    await page.getByRole('option', { name: 'Alle', exact: true }).click();
    await rows.nth(1).getByRole('gridcell').nth(1).click();
    await expect.poll(() => page.url()).toMatch(/\/data-breach\/[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
    await close();

    const phone = await app.newPage(PHONE);
    await login(phone.page, app.server.url, 'admin@demo.local');
    await phone.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await phone.page.goto(`${app.server.url}/notification`);
    await phone.page.getByRole('grid', { name: 'Benachrichtigungen' }).getByRole('row').nth(1).waitFor();
    await shot(phone.page, 'notification-page-phone');
    await phone.close();
  }, 120_000);

  it('shows the notification settings and the company defaults on the profile', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const { page, errors, close } = await app.newPage(size);
      await login(page, app.server.url, 'admin@demo.local');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.goto(`${app.server.url}/profile`);
      const due = page.getByRole('group', { name: 'Fälligkeiten' }).first();
      await due.waitFor();
      await due.scrollIntoViewIfNeeded();
      await shot(page, `notification-settings-${size === DESKTOP ? 'desktop' : 'phone'}`);
      if (size === DESKTOP) {
        await due.getByRole('combobox').click();
        await page.getByRole('option', { name: 'Sofort' }).click();
        await page.getByText('Benachrichtigungen gespeichert.').waitFor();
        await page.reload();
        await expect
          .poll(() => page.getByRole('group', { name: 'Fälligkeiten' }).first().getByRole('combobox').innerText())
          .toContain('Sofort');
        // The company's defaults are there for its administrator.
        await page.getByRole('heading', { name: 'Vorgaben für Ihr Unternehmen' }).waitFor();
      }
      expect(errors).toEqual([]);
      await close();
    }
  }, 120_000);
});
