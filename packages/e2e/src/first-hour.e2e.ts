import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { PHONE, shot, signIn } from './browser';
import { downloadBy, firstSheet } from './downloads';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const ADMIN = 'admin@demo.local';

async function api<T>(server: RunningServer, email: string, url: string, init: RequestInit = {}): Promise<T> {
  const headers = { Authorization: `Bearer ${await accessToken(server.url, email)}`, 'Content-Type': 'application/json' };
  const res = await fetch(`${server.url}${url}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Whether the page asks before it is closed or reloaded (what a `beforeunload` listener does to the event). */
const asksBeforeUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

const discardQuestion = (page: Page) => page.getByRole('dialog', { name: 'Änderungen verwerfen?' });

describe('the first hour with a real customer', () => {
  const app = withServerAndBrowser();

  it('asks before unsaved edits of a register form are lost; saving and cancelling clear it', async () => {
    const { page, close } = await app.newPage();
    const list = await api<{ items: { id: string; name: string }[] }>(app.server, ADMIN, '/api/process?pageSize=1');
    const { id, name } = list.items[0]!;
    await signIn(page, app.server.url, ADMIN, { to: `/process/${id}` });
    const nameField = page.getByRole('textbox', { name: 'Bezeichnung', exact: true });
    await expect.poll(() => nameField.inputValue()).toBe(name);
    expect(await asksBeforeUnload(page)).toBe(false);

    await nameField.fill(`${name} (geändert)`);
    expect(await asksBeforeUnload(page)).toBe(true);
    await page.getByRole('complementary', { name: 'Seitenleiste' }).getByRole('link', { name: 'Startseite' }).click();
    await discardQuestion(page).waitFor();
    await shot(page, 'unsaved-register-desktop');
    await discardQuestion(page).getByRole('button', { name: 'Abbrechen' }).click();
    await discardQuestion(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/process/${id}`);
    expect(await nameField.inputValue()).toBe(`${name} (geändert)`);

    // Discarding moves on and the item keeps its saved name.
    await page.getByRole('complementary', { name: 'Seitenleiste' }).getByRole('link', { name: 'Startseite' }).click();
    await discardQuestion(page).getByRole('button', { name: 'Verwerfen' }).click();
    await page.waitForURL(`${app.server.url}/home`);
    // The dashboard drawn, not only its address: the form it left is gone.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goBack();
    await expect.poll(() => nameField.inputValue()).toBe(name);

    // Saved: no question.
    await nameField.fill(`${name} (gespeichert)`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .getByText(/gespeichert/)
      .first()
      .waitFor();
    await expect.poll(() => asksBeforeUnload(page)).toBe(false);
    await page.getByRole('complementary', { name: 'Seitenleiste' }).getByRole('link', { name: 'Startseite' }).click();
    await page.waitForURL(`${app.server.url}/home`);
    expect(await discardQuestion(page).count()).toBe(0);

    // Cancel is a choice: no question either.
    await page.goBack();
    await nameField.fill('Wird verworfen');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.waitForURL(`${app.server.url}/process`);
    expect(await discardQuestion(page).count()).toBe(0);
    await close();
  });

  it('asks before a dialog with changes is closed by Escape or left by a reload', async () => {
    const { page, close } = await app.newPage(PHONE);
    await signIn(page, app.server.url, ADMIN, { to: '/tag' });
    await page
      .getByRole('button', { name: /^Hinzufügen/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Neuer Eintrag/ });
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('Lieferanten');
    expect(await asksBeforeUnload(page)).toBe(true);
    await page.keyboard.press('Escape');
    await discardQuestion(page).waitFor();
    await shot(page, 'unsaved-dialog-phone');
    await discardQuestion(page).getByRole('button', { name: 'Abbrechen' }).click();
    await discardQuestion(page).waitFor({ state: 'hidden' });
    expect(await dialog.getByRole('textbox', { name: 'Bezeichnung' }).inputValue()).toBe('Lieferanten');
    // The dialog's own Cancel discards without a question.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await discardQuestion(page).count()).toBe(0);
    expect(await asksBeforeUnload(page)).toBe(false);
    await close();
  });

  it('switching the company on a detail page goes to the same register of the new company', async () => {
    const { page, close } = await app.newPage();
    const companies = await api<{ id: string; name: string }[]>(app.server, ADMIN, '/api/company/list-items');
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!;
    await api(app.server, ADMIN, '/api/user/scope', { method: 'PUT', body: JSON.stringify({ companyId: bakery.id }) });
    const list = await api<{ items: { id: string; name: string }[] }>(app.server, ADMIN, '/api/process?pageSize=1', {
      headers: { 'x-tenant': bakery.id },
    });
    const { id, name } = list.items[0]!;
    await signIn(page, app.server.url, ADMIN, { to: `/process/${id}` });
    await expect.poll(() => page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).inputValue()).toBe(name);

    await page.getByRole('button', { name: /Unternehmen wählen/ }).click();
    await page
      .getByRole('dialog', { name: 'Unternehmen wählen' })
      .getByRole('button', { name: /^Beispiel Handel GmbH/ })
      .click();
    await page.waitForURL(`${app.server.url}/process`);
    await page.getByRole('heading', { name: 'Verarbeitungstätigkeiten', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Privacy Cockpit (Beispiel Handel GmbH)');
    expect(await page.getByText(/Diesen Eintrag gibt es nicht/).count()).toBe(0);
    await close();
  });

  it('a reader sees who is responsible and who works on an entry, read-only', async () => {
    const { page, close } = await app.newPage();
    const READER = 'reader@demo.local';
    const list = await api<{ items: { id: string; owner: { name: string } | null; assignee: { name: string } | null }[] }>(
      app.server,
      READER,
      '/api/process?pageSize=100',
    );
    const item = list.items.find((i) => i.owner && i.assignee) ?? list.items.find((i) => i.owner)!;
    expect(item.owner?.name).toBeTruthy();
    await signIn(page, app.server.url, READER, { to: `/process/${item.id}` });
    const owner = page.getByRole('combobox', { name: 'Verantwortlich' });
    await expect.poll(() => owner.inputValue()).toBe(item.owner!.name);
    expect(await owner.getAttribute('readonly')).not.toBeNull();
    if (item.assignee) expect(await page.getByRole('combobox', { name: 'Bearbeitet von' }).inputValue()).toBe(item.assignee.name);
    await close();
  });

  it('warns on the form and in the register when special categories have no Art. 9(2) basis', async () => {
    const { page, close } = await app.newPage();
    const companies = await api<{ id: string; name: string }[]>(app.server, ADMIN, '/api/company/list-items');
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!;
    await api(app.server, ADMIN, '/api/user/scope', { method: 'PUT', body: JSON.stringify({ companyId: bakery.id }) });
    const created = await api<{ id: string }>(app.server, ADMIN, '/api/process', {
      method: 'POST',
      headers: { 'x-tenant': bakery.id },
      body: JSON.stringify({
        name: 'Betriebsärztliche Vorsorge',
        companyId: bakery.id,
        data: { role: 'controller', legalBases: ['art6_1_c'] },
      }),
    });
    await signIn(page, app.server.url, ADMIN, { to: `/process/${created.id}` });
    const warning = page.locator('main [data-finding=art9BasisMissing]');
    await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).waitFor();
    expect(await warning.count()).toBe(0);
    await page.getByLabel('Besondere Kategorien personenbezogener Daten (Art. 9 DSGVO)').check();
    await warning.getByText(/ohne Rechtsgrundlage nach Art. 9 Abs. 2/).waitFor();
    await shot(page, 'art9-warning-desktop');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .getByText(/gespeichert/)
      .first()
      .waitFor();
    await expect.poll(() => asksBeforeUnload(page)).toBe(false);

    await page.goto(`${app.server.url}/process`);
    await page.getByRole('searchbox', { name: 'Schnellsuche' }).fill('Betriebsärztliche');
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: 'Betriebsärztliche Vorsorge' });
    await row.getByRole('img', { name: /ohne Rechtsgrundlage nach Art. 9 Abs. 2/ }).waitFor();
    await close();
  });

  it('the Art. 30 register with all companies in scope asks for the company, never files an empty one of the agency', async () => {
    const { page, close } = await app.newPage();
    await api(app.server, ADMIN, '/api/user/scope', { method: 'PUT', body: JSON.stringify({ companyId: null }) });
    await signIn(page, app.server.url, ADMIN, { to: '/process' });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('button', { name: 'Verzeichnis (Art. 30 Abs. 1)' }).click();
    await page.getByRole('menuitem', { name: 'Als Excel-Datei herunterladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verzeichnis (Art. 30 Abs. 1)' });
    await dialog.getByText('Für welches soll es erstellt werden?', { exact: false }).waitFor();
    const create = dialog.getByRole('button', { name: 'Erstellen' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: /Unternehmen/ }).click();
    await page.getByRole('option', { name: 'Bäckerei Schmidt', exact: true }).click();
    await shot(page, 'register-company-choice-desktop');
    const download = await downloadBy(page, create);
    expect(download.suggestedFilename()).toMatch(/^VVT Bäckerei Schmidt \d{4}-\d\d-\d\d\.xlsx$/);
    expect((await firstSheet(download)).rowCount).toBeGreaterThan(1);
    await close();
  });
});
