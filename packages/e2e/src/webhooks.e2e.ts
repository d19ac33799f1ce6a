import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { PHONE, seriousViolations, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';

describe('webhooks in the browser', () => {
  // The worker looks at the queue every second, so the first attempt comes at once.
  const app = withServerAndBrowser({ env: { WEBHOOK_INTERVAL_SECONDS: '1' } });
  let receiver: http.Server;
  let hookUrl: string;
  const received: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  /** An entry created in the bakery as a script would (a token, then the API); answers its status. */
  async function createIssue(name: string) {
    const token = await accessToken(app.server.url, 'admin@demo.local');
    const companies = (await (
      await fetch(`${app.server.url}/api/company/list-items`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { id: string; name: string }[];
    const bakery = companies.find((c) => c.name === 'Bäckerei Schmidt')!.id;
    const created = await fetch(`${app.server.url}/api/issue`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Tenant': bakery, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, data: { priority: 'High' } }),
    });
    return created.status;
  }

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('registers an endpoint, shows its secret once and logs a signed delivery', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'admin@demo.local', { to: '/administration/webhooks' });
    await page.getByText('Es ist noch kein Webhook eingerichtet.').waitFor();
    await page.getByRole('button', { name: 'Webhook anlegen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Unternehmen/ }).click();
    await page.getByRole('option', { name: 'Bäckerei Schmidt' }).click();
    await dialog.getByLabel(/^Adresse \(URL\)/).fill(hookUrl);
    await dialog.getByRole('checkbox', { name: /Datenpanne erfasst/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhook-create-desktop');
    await dialog.getByRole('button', { name: 'Webhook anlegen' }).click();

    const value = page.getByTestId('webhook-secret');
    await value.waitFor();
    const secret = (await value.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shot(page, 'webhook-secret-desktop');
    await page.getByRole('button', { name: 'Fertig' }).click();
    const row = page.getByTestId('webhook-row');
    await row.getByText(hookUrl).waitFor();
    expect(await page.textContent('main')).not.toContain(secret);

    // An entry is created in the bakery (as a script would); its event reaches the receiver.
    expect(await createIssue('Webhook-Probe')).toBe(201);

    await row.getByRole('button', { name: 'Zustellungen' }).click();
    const log = page.getByTestId('webhook-deliveries');
    const delivery = log.getByTestId('webhook-delivery').first();
    await delivery.getByText('Zugestellt').waitFor({ timeout: 20_000 });
    await delivery.getByText('204').waitFor();
    await delivery.getByText('Eintrag angelegt').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhook-deliveries-desktop');
    expect(received).toHaveLength(1);
    const [got] = received;
    const expected = `v1=${createHmac('sha256', secret).update(`${got!.headers['x-pc-timestamp']}.${got!.body}`).digest('hex')}`;
    expect(got!.headers['x-pc-signature']).toBe(expected);
    expect(JSON.parse(got!.body).data.item.name).toBe('Webhook-Probe');

    // Sent again from the log: a second delivery of the same event.
    await delivery.getByRole('button', { name: 'Erneut senden' }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.body).toBe(got!.body);
    expect(errors).toEqual([]);
    await close();
  });

  it('changes an endpoint: a refused address stays on the field, then address, events and pause', async () => {
    const { page, errors, close } = await app.newPage();
    await signIn(page, app.server.url, 'admin@demo.local', { to: '/administration/webhooks' });
    const row = page.getByTestId('webhook-row');
    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog');
    const url = dialog.getByLabel(/^Adresse \(URL\)/);
    expect(await url.inputValue()).toBe(hookUrl);
    await url.fill('http://hooks.example.com/x');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText(/Nur HTTPS-Adressen sind erlaubt/).waitFor();

    const edited = `${hookUrl}/edited`;
    await url.fill(edited);
    await dialog.getByRole('checkbox', { name: /Eintrag angelegt/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /Frist erreicht/ }).check();
    await dialog.getByLabel(/^Aktiv/).uncheck();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhook-edit-desktop');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(edited).waitFor();
    await row.getByText(/Angehalten seit/).waitFor();
    await row.getByText('Frist erreicht', { exact: true }).waitFor();
    expect(await row.getByText('Eintrag angelegt').count()).toBe(0);

    // Started again and listening to new entries: the next one goes to the new address.
    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    await dialog.getByRole('checkbox', { name: /Eintrag angelegt/ }).check();
    await dialog.getByLabel(/^Aktiv/).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(/Angehalten seit/).waitFor({ state: 'detached' });
    expect(await createIssue('Nach der Änderung')).toBe(201);
    await expect
      .poll(() => received.filter((r) => r.url === '/hook/edited').map((r) => JSON.parse(r.body).data.item.name), {
        timeout: 20_000,
      })
      .toEqual(['Nach der Änderung']);
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone, and deletes an endpoint after asking', async () => {
    const { page, close } = await app.newPage(PHONE);
    await signIn(page, app.server.url, 'admin@demo.local', { to: '/administration/webhooks' });
    const row = page.getByTestId('webhook-row');
    await row.getByRole('button', { name: 'Zustellungen' }).click();
    await page.getByTestId('webhook-delivery').first().getByText('Zugestellt').waitFor();
    await shot(page, 'webhook-deliveries-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Webhook anlegen' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Adresse \(URL\)/)
      .waitFor();
    await shot(page, 'webhook-create-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
    await row.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Es ist noch kein Webhook eingerichtet.').waitFor();
    await close();
  });
});
