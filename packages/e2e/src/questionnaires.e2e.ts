import { describe, expect, it } from 'vitest';
import { accessToken } from './api';
import { field, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';
import { linkIn } from './mail-catcher';
import { psql } from './server';

const ADMIN = 'admin@demo.local';

/**
 * A questionnaire is sent from an audit, the mailed link is opened without login,
 * answered and submitted; the answers show on the audit as text. A second submission and an
 * expired link are refused.
 */
describe('questionnaires in the browser', () => {
  const app = withServerAndBrowser({ mail: true });

  it('sends from the audit, is answered without login, submits once, and shows the answers on the audit', async () => {
    const token = await accessToken(app.server.url, ADMIN);
    const audits = (await (
      await fetch(`${app.server.url}/api/audit?pageSize=50`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { items: { id: string; companyName: string }[] };
    const audit = audits.items.find((a) => a.companyName === 'Bäckerei Schmidt')!;

    // The DPO sends the website check from the audit's page.
    const admin = await app.newPage();
    await signIn(admin.page, app.server.url, ADMIN, { to: `/audit/${audit.id}` });
    const section = admin.page.getByRole('region', { name: 'Fragebögen' });
    await section.getByRole('button', { name: 'Fragebogen versenden' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Fragebogen versenden' });
    await field(dialog, 'Fragebogen').click();
    await admin.page.getByRole('option', { name: 'Website-Datenschutzcheck' }).click();
    await field(dialog, 'Empfänger (E-Mail)').fill('web@example.com');
    await dialog.getByRole('button', { name: 'Versenden' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('Website-Datenschutzcheck · web@example.com').waitFor();
    // The sender looks at the list of sent questionnaires: nothing answered yet.
    await admin.page.goto(`${app.server.url}/questionnaire`);
    await admin.page.locator('.MuiDataGrid-row').filter({ hasText: 'web@example.com' }).waitFor();
    expect(await admin.page.getByTestId('new-answer').count()).toBe(0);

    // The recipient opens the mailed link in a browser of their own, without login.
    const link = linkIn(await app.mail.mailFor('web@example.com', 1), '/questionnaire/fill/');
    const recipient = await app.newPage();
    const page = recipient.page;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Website-Datenschutzcheck', level: 1 }).waitFor();
    await page.getByText('Fragebogen von Bäckerei Schmidt').waitFor();
    // Whoever collects their data, the operator's imprint and privacy notice are one click away.
    const legal = page.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    await legal.getByRole('button', { name: 'Impressum' }).click();
    const imprint = page.getByRole('dialog', { name: 'Impressum' });
    await imprint.getByTestId('legal-document').waitFor();
    await imprint.getByRole('button', { name: 'Schließen' }).click();
    await imprint.waitFor({ state: 'hidden' });
    expect(await legal.getByRole('button', { name: 'Datenschutzerklärung' }).count()).toBe(1);

    // Required answers are checked before anything is sent.
    await page.getByRole('button', { name: 'Absenden' }).click();
    await page.getByRole('alert').getByText('Bitte prüfen Sie die markierten Antworten.').waitFor();

    await field(page, 'Adresse der Website').fill('https://baeckerei.example <script>alert(1)</script>');
    await page.locator('#question-imprint').getByLabel('Ja').check();
    await page.locator('#question-privacy-notice').getByLabel('Ja').check();
    await page.locator('#question-consent').getByLabel('Nur technisch notwendige Cookies').check();
    await page.getByRole('button', { name: 'Entwurf speichern' }).click();
    await page.getByText(/^Entwurf gespeichert am/).waitFor();
    await page.locator('#question-tls').getByLabel('Ja').check();
    await shot(page, 'questionnaire-fill-desktop');
    await page.getByRole('button', { name: 'Absenden' }).click();
    await page.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    expect(recipient.errors).toEqual([]);

    // The link is used up: the page says so, and the API refuses a second submission.
    await page.reload();
    await page.getByRole('heading', { name: 'Bereits abgesendet' }).waitFor();
    await page.getByRole('navigation', { name: 'Rechtliche Hinweise' }).getByRole('button', { name: 'Impressum' }).waitFor();
    const key = new URL(link).pathname.split('/').pop()!;
    const again = await fetch(`${app.server.url}/api/questionnaire/fill/${key}/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ answers: {} }),
    });
    expect(again.status).toBe(409);
    await recipient.close();

    // The sender's next visit of the list tells them it was answered: a snackbar and a badge.
    await admin.page.reload();
    await admin.page.getByText('Seit Ihrem letzten Besuch wurde 1 Fragebogen beantwortet.').waitFor();
    await admin.page
      .locator('.MuiDataGrid-row')
      .filter({ hasText: 'web@example.com' })
      .getByTestId('new-answer')
      .getByText('Neu beantwortet')
      .waitFor();
    await shot(admin.page, 'questionnaire-answered-desktop');

    // Back on the audit: the response with its answers, the script tag shown as text.
    await admin.page.goto(`${app.server.url}/audit/${audit.id}`);
    await section.getByText('Website-Datenschutzcheck · web@example.com').click();
    await section.getByText('https://baeckerei.example <script>alert(1)</script>').waitFor();
    await section.getByText('Nur technisch notwendige Cookies').waitFor();
    expect(await section.getByRole('button', { name: 'Feststellung als Aufgabe anlegen' }).count()).toBeGreaterThan(0);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });

  it('shows an expired link as expired', async (ctx) => {
    // On PostgreSQL the server has a database of its own, in which one link can be made to expire.
    const { databaseUrl } = app.server;
    if (!databaseUrl) {
      // The server's clock cannot be moved; the API tests cover expiry on both databases.
      ctx.skip();
      return;
    }
    const token = await accessToken(app.server.url, ADMIN);
    const auth = { Authorization: `Bearer ${token}` };
    const audits = (await (await fetch(`${app.server.url}/api/audit?pageSize=50`, { headers: auth })).json()) as {
      items: { id: string }[];
    };
    const sent = await fetch(`${app.server.url}/api/questionnaire`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        templateKey: 'tom-self-assessment',
        recipientEmail: 'late@example.com',
        dueDate: new Date().toISOString().slice(0, 10),
        itemId: audits.items[0]!.id,
        language: 'en',
      }),
    });
    expect(sent.status).toBe(201);
    const link = linkIn(await app.mail.mailFor('late@example.com', 1), '/questionnaire/fill/');
    psql(
      databaseUrl,
      `update questionnaire_response set expires_at = now() - interval '1 minute' where recipient_email = 'late@example.com'`,
    );
    const { page, errors, close } = await app.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link expired' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
