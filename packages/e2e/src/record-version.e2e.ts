import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { PHONE, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const ADMIN = 'admin@demo.local';
const SCOPE = 'Bäckerei Schmidt';

async function api(
  server: RunningServer,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; tenant?: string } = {},
) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.tenant ? { 'X-Tenant': init.tenant } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

const description = (page: Page) => page.getByRole('textbox', { name: 'Beschreibung', exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Speichern', exact: true }).click();
const saved = (page: Page) =>
  page
    .locator('#notistack-snackbar')
    .filter({ hasText: /wurde gespeichert/ })
    .first()
    .waitFor();

/**
 * Two people edit one processing activity: the consultant saves first, the client's user saves the
 * copy they opened earlier. The second save does not overwrite the first: the conflict dialog
 * shows both values of the field, and "load the saved version" shows the consultant's.
 */
describe('two people editing one item', () => {
  const app = withServerAndBrowser();
  let admin: string;
  let bakery: string;
  beforeAll(async () => {
    admin = await accessToken(app.server.url, ADMIN);
    const companies = (await api(app.server, admin, '/company/list-items')).body as unknown as { id: string; name: string }[];
    bakery = companies.find((c) => c.name === SCOPE)!.id;
    expect((await api(app.server, admin, '/user/scope', { method: 'PUT', body: { companyId: bakery } })).status).toBe(200);
  });

  it('the second save shows the conflict dialog; reload shows the other value; keep mine saves mine', {
    timeout: 180_000,
  }, async () => {
    const created = await api(app.server, admin, '/process', {
      method: 'POST',
      tenant: bakery,
      body: { name: 'Lohnabrechnung', description: 'Erster Stand', data: { role: 'controller' } },
    });
    expect(created.status).toBe(201);
    const path = `/process/${created.body.id}`;

    const consultant = await app.newPage();
    const client = await app.newPage();
    try {
      for (const p of [consultant.page, client.page]) {
        await signIn(p, app.server.url, ADMIN, { to: path });
        await p.getByRole('heading', { level: 1, name: 'Lohnabrechnung' }).waitFor();
        await expect.poll(() => description(p).inputValue()).toBe('Erster Stand');
      }

      // The consultant saves first.
      await description(consultant.page).fill('Vom Berater ergänzt');
      await save(consultant.page);
      await saved(consultant.page);

      // The client saves the copy opened before: the dialog names the field, theirs and mine.
      await description(client.page).fill('Vom Kunden ergänzt');
      await save(client.page);
      const dialog = client.page.getByRole('dialog', { name: 'Inzwischen von jemand anderem gespeichert' });
      await dialog.waitFor();
      const field = dialog.getByTestId('conflict-field-description');
      await expect.poll(() => field.innerText()).toMatch(/Beschreibung[\s\S]*Vom Berater ergänzt[\s\S]*Vom Kunden ergänzt/);
      // Only the description differs; the user's own change is preselected.
      expect(await dialog.getByRole('listitem').count()).toBe(1);
      expect(await field.getByRole('radio', { name: /Ihre Eingabe/ }).isChecked()).toBe(true);
      await shot(client.page, 'record-version-conflict-desktop');

      // Reload: the consultant's value, nothing saved over it.
      await dialog.getByRole('button', { name: 'Gespeicherte Fassung laden' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => description(client.page).inputValue()).toBe('Vom Berater ergänzt');
      const afterReload = await api(app.server, admin, `${path}`, { tenant: bakery });
      expect(afterReload.body.description).toBe('Vom Berater ergänzt');

      // Round two on a phone: the consultant saves again, the client keeps their own value.
      await client.page.setViewportSize(PHONE);
      await description(consultant.page).fill('Berater, zweiter Stand');
      await save(consultant.page);
      await expect
        .poll(async () => (await api(app.server, admin, path, { tenant: bakery })).body.description)
        .toBe('Berater, zweiter Stand');
      await description(client.page).fill('Kunde, zweiter Stand');
      await save(client.page);
      await dialog.waitFor();
      await shot(client.page, 'record-version-conflict-phone');
      await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
      await saved(client.page);
      await expect
        .poll(async () => (await api(app.server, admin, path, { tenant: bakery })).body.description)
        .toBe('Kunde, zweiter Stand');
      expect(consultant.errors).toEqual([]);
      expect(client.errors).toEqual([]);
    } finally {
      await consultant.close();
      await client.close();
    }
  });

  it('a form in a dialog (a tag): the conflict dialog opens over it and keeping mine saves mine', {
    timeout: 120_000,
  }, async () => {
    const created = await api(app.server, admin, '/tag/data-categories', {
      method: 'POST',
      tenant: bakery,
      body: { name: 'Versionstest', description: 'Erster Stand' },
    });
    expect(created.status).toBe(201);
    const { page, errors, close } = await app.newPage();
    try {
      await signIn(page, app.server.url, ADMIN, { to: '/tag' });
      await page.getByRole('tab', { name: 'Datenkategorien' }).click();
      await page.locator('.MuiDataGrid-row').filter({ hasText: 'Versionstest' }).click();
      const tagDialog = page.getByRole('dialog', { name: 'Eintrag bearbeiten: Datenkategorien' });
      await tagDialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Vom Kunden');

      // Someone else saves the tag meanwhile (an API client without If-Match).
      const other = await api(app.server, admin, `/tag/data-categories/${created.body.id}`, {
        method: 'PUT',
        tenant: bakery,
        body: { name: 'Versionstest', description: 'Vom Berater' },
      });
      expect(other.status).toBe(200);

      await tagDialog.getByRole('button', { name: 'Speichern' }).click();
      const conflict = page.getByRole('dialog', { name: 'Inzwischen von jemand anderem gespeichert' });
      await conflict.waitFor();
      await expect
        .poll(() => conflict.getByTestId('conflict-field-description').innerText())
        .toMatch(/Vom Berater[\s\S]*Vom Kunden/);
      await shot(page, 'record-version-conflict-over-dialog-desktop');
      await conflict.getByRole('button', { name: 'Auswahl speichern' }).click();
      await page.locator('#notistack-snackbar').filter({ hasText: '„Versionstest“ wurde gespeichert.' }).first().waitFor();
      await tagDialog.waitFor({ state: 'hidden' });
      const tags = (await api(app.server, admin, '/tag/data-categories', { tenant: bakery })).body as unknown as {
        id: string;
        description: string;
      }[];
      expect(tags.find((x) => x.id === created.body.id)?.description).toBe('Vom Kunden');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
