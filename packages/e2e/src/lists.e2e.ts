import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { PHONE, seriousViolations, shot, signIn, snackbar } from './browser';
import { withServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const ADMIN = 'admin@demo.local';
const READER = 'reader@demo.local';

/** A JSON call to the API as a user (optionally in a company's scope). */
async function api<T>(
  server: RunningServer,
  auth: string,
  method: string,
  url: string,
  body?: unknown,
  scope?: string,
): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${auth}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(scope ? { 'X-Tenant': scope } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

describe('lists that work: bulk actions, saved views, status in place', () => {
  const app = withServerAndBrowser();
  let admin: string;
  /** The reader's company (a client of the agency), where the reader may read everything. */
  let readerCompany: string;
  let providerNumber: string;

  /** The list of all service agreements in the reader's company, as `auth` may see it. */
  const agreements = (auth: string, query: Record<string, string>) =>
    api<{ total: number; items: { id: string; number: string; status: number }[] }>(
      app.server,
      auth,
      'GET',
      `/api/service-agreement?${new URLSearchParams(query)}`,
      undefined,
      readerCompany,
    );

  beforeAll(async () => {
    admin = await accessToken(app.server.url, ADMIN);
    const users = await api<{ id: string; email: string }[]>(app.server, admin, 'GET', '/api/user');
    const readerId = users.find((u) => u.email === READER)!.id;
    const reader = await api<Record<string, unknown> & { roleIds: string[]; companyId: string }>(
      app.server,
      admin,
      'GET',
      `/api/user/${readerId}`,
    );
    readerCompany = reader.companyId;
    // The reader may now write agreements with clients, and still only read those with providers.
    const role = await api<{ id: string }>(app.server, admin, 'POST', '/api/role', {
      name: 'Verträge mit Kunden',
      claims: ['ServiceAgreementWithClient.Write'],
    });
    await api(app.server, admin, 'PUT', `/api/user/${readerId}`, {
      firstname: reader.firstname,
      lastname: reader.lastname,
      email: reader.email,
      language: reader.language,
      companyId: reader.companyId,
      roleIds: [...reader.roleIds, role.id],
      companyIds: reader.companyIds ?? [],
      validUntil: reader.validUntil ?? null,
      isActive: true,
    });
    for (let i = 1; i <= 199; i++) {
      await api(
        app.server,
        admin,
        'POST',
        '/api/service-agreement-with-client',
        { name: `Stapel Kundenvertrag ${String(i).padStart(3, '0')}`, data: { counterparty: `Kunde ${i}` } },
        readerCompany,
      );
    }
    const provider = await api<{ number: string }>(
      app.server,
      admin,
      'POST',
      '/api/service-agreement-with-provider',
      { name: 'Stapel Hosting-Vertrag', data: { counterparty: 'Hoster GmbH' } },
      readerCompany,
    );
    providerNumber = provider.number;
  }, 300_000);

  it('sets the status of all 200 matches at once and names the one skipped for rights', { timeout: 180_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, READER, { to: '/service-agreement?q=Stapel' });
    await page.getByRole('heading', { level: 1, name: 'Auftragsverarbeitung' }).waitFor();
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page
      .getByRole('checkbox', { name: /alle.*auswählen/i })
      .first()
      .check();
    const bar = page.getByRole('region', { name: 'Ausgewählte Einträge' });
    await bar.getByText('50 ausgewählt').waitFor();
    await bar.getByRole('button', { name: 'Alle 200 Treffer auswählen' }).click();
    await bar.getByText('Alle 200 Treffer ausgewählt').waitFor();
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    await shot(page, 'lists-bulk-selected-desktop');
    await bar.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Erledigt' }).click();
    await snackbar(page, `199 Einträge geändert. Übersprungen: ${providerNumber} (keine Berechtigung).`);
    await shot(page, 'lists-bulk-result-desktop');

    const reader = await accessToken(app.server.url, READER);
    const done = await agreements(reader, { status: '4', q: 'Stapel' });
    expect(done.total).toBe(199);
    const open = await agreements(reader, { status: '0', q: 'Stapel' });
    expect(open.items.map((i) => i.number)).toEqual([providerNumber]);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps a saved default view over a reload', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: '/service-agreement?q=Stapel%20Kundenvertrag%2019' });
    await page.getByRole('heading', { level: 1, name: 'Auftragsverarbeitung' }).waitFor();
    await page.getByRole('button', { name: 'Ansichten' }).click();
    await page.getByRole('menuitem', { name: 'Aktuelle Ansicht speichern …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ansicht speichern' });
    await dialog.getByRole('textbox', { name: 'Name der Ansicht' }).fill('Kunden 19x');
    await dialog.getByRole('checkbox', { name: /Standard/ }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Ansicht „Kunden 19x“ gespeichert.');

    // A plain link after a reload: the default view is shown again.
    await page.goto(`${app.server.url}/service-agreement`);
    await page.reload();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Stapel Kundenvertrag 19');
    await expect
      .poll(async () => {
        const names = await page.locator('.MuiDataGrid-row [data-field="name"]').allInnerTexts();
        return names.length > 0 && names.every((n) => /Stapel Kundenvertrag 19\d/.test(n));
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Ansichten' }).click();
    await page.getByRole('menuitem', { name: /Kunden 19x/ }).waitFor();
    await page.getByRole('button', { name: 'Nicht mehr Standard: Kunden 19x' }).waitFor();
    await shot(page, 'lists-views-menu-desktop');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await close();
  });

  it('changes one item’s status in its row, by keyboard, where the row may be written', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: '/service-agreement?q=Stapel%20Hosting' });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const cell = page.getByRole('button', { name: 'Status ändern: Offen – Stapel Hosting-Vertrag' });
    await cell.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'In Bearbeitung' }).click();
    await page.getByRole('button', { name: 'Status ändern: In Bearbeitung – Stapel Hosting-Vertrag' }).waitFor();
    // Still on the list: the click did not open the agreement.
    expect(new URL(page.url()).pathname).toBe('/service-agreement');
    const list = await agreements(admin, { q: 'Stapel Hosting' });
    expect(list.items[0]!.status).toBe(1);
    const history = await api<{ action: string; changes: Record<string, unknown> }[]>(
      app.server,
      admin,
      'GET',
      `/api/service-agreement-with-provider/${list.items[0]!.id}/history`,
    );
    expect(history[0]).toMatchObject({ action: 'updated', changes: { status: { from: 0, to: 1 } } });
    expect(errors).toEqual([]);
    await close();
  });

  it('narrows a list to one assignee and to one tag, kept in the URL', { timeout: 120_000 }, async () => {
    const hosting = await agreements(admin, { q: 'Stapel Hosting' });
    const [me] = (await api<{ id: string; email: string; name: string }[]>(app.server, admin, 'GET', '/api/user/lookup')).filter(
      (u) => u.email === ADMIN,
    );
    const tag = await api<{ id: string }>(app.server, admin, 'POST', '/api/tag/person-groups', {
      name: 'Filterprobe Hosting',
      companyId: readerCompany,
    });
    await api(
      app.server,
      admin,
      'POST',
      '/api/service-agreement-with-provider/bulk',
      { ids: [hosting.items[0]!.id], set: { assigneeId: me!.id }, addTagIds: [tag.id] },
      readerCompany,
    );
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, ADMIN, { to: '/service-agreement?q=Stapel' });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const names = () => page.locator('.MuiDataGrid-row [data-field="name"]').allInnerTexts();
    await page.getByRole('combobox', { name: 'Bearbeitet von' }).fill(me!.name);
    await page.getByRole('option', { name: me!.name }).first().click();
    await expect.poll(names).toEqual(['Stapel Hosting-Vertrag']);
    expect(new URL(page.url()).searchParams.get('assigneeId')).toBe(me!.id);
    await shot(page, 'lists-filter-assignee-desktop');
    // Any assignee again, then the tag alone.
    await page.getByRole('combobox', { name: 'Bearbeitet von' }).click();
    await page
      .getByRole('button', { name: 'Clear' })
      .or(page.getByRole('button', { name: 'Leeren' }))
      .first()
      .click();
    await expect.poll(async () => (await names()).length).toBeGreaterThan(1);
    await page.getByRole('combobox', { name: 'Schlagwörter' }).fill('Filterprobe');
    await page.getByRole('option', { name: 'Filterprobe Hosting' }).click();
    await expect.poll(names).toEqual(['Stapel Hosting-Vertrag']);
    expect(new URL(page.url()).searchParams.get('tagId')).toBe(tag.id);
    await page.reload();
    await expect.poll(names).toEqual(['Stapel Hosting-Vertrag']);
    await expect.poll(() => page.getByRole('combobox', { name: 'Schlagwörter' }).inputValue()).toBe('Filterprobe Hosting');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the bar and the views on a phone', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await app.newPage(PHONE);
    await signIn(page, app.server.url, READER, { to: '/service-agreement' });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    // The filters wait behind a button beside the quick search; it opens them and counts those set.
    const filterButton = page.getByRole('button', { name: 'Filter', exact: true });
    expect(await filterButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('combobox', { name: 'Status' }).count()).toBe(0);
    await shot(page, 'lists-filters-closed-phone');
    await filterButton.click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Offen' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filter (1)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'lists-filters-open-phone');
    await page.getByRole('button', { name: 'Filter (1)' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).count()).toBe(0);
    await page.goto(`${app.server.url}/service-agreement`);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.locator('.MuiDataGrid-row').first().getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Ausgewählte Einträge' }).getByText('1 ausgewählt').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'lists-bulk-selected-phone');
    expect(errors).toEqual([]);
    await close();
  });
});
