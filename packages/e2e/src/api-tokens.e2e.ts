import { describe, expect, it } from 'vitest';
import { PHONE, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';

describe('personal API tokens in the browser', () => {
  const app = withServerAndBrowser();

  const me = (token: string) => fetch(`${app.server.url}/api/user/me`, { headers: { Authorization: `Bearer ${token}` } });

  it('creates a token shown once, which works, and revokes it', async () => {
    const { page, close } = await app.newPage();
    await signIn(page, app.server.url, 'reader@demo.local', { to: '/profile' });
    const card = page.getByTestId('api-token-card');
    await card.getByRole('heading', { name: 'API-Zugänge' }).waitFor();
    await card.getByText('Sie haben noch keinen API-Zugang angelegt.').waitFor();
    await card.getByRole('button', { name: 'Zugang anlegen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Bezeichnung/).fill('Export-Skript');
    await shot(page, 'api-token-create-desktop');
    await dialog.getByRole('button', { name: 'Zugang anlegen' }).click();

    const value = page.getByTestId('api-token-value');
    await value.waitFor();
    const token = (await value.textContent()) ?? '';
    expect(token).toMatch(/^pc_/);
    await page.getByRole('button', { name: 'Kopieren' }).waitFor();
    await shot(page, 'api-token-created-desktop');
    expect((await me(token)).status).toBe(200);
    await page.getByRole('button', { name: 'Fertig' }).click();

    const row = card.getByTestId('api-token-row');
    await row.getByText('Export-Skript').waitFor();
    await row.getByText(/zuletzt verwendet/).waitFor();
    // Shown once: the list never holds the token.
    expect(await card.textContent()).not.toContain(token);
    await shot(page, 'api-token-list-desktop');

    await row.getByRole('button', { name: 'Widerrufen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
    await card.getByText('Sie haben noch keinen API-Zugang angelegt.').waitFor();
    expect((await me(token)).status).toBe(401);
    await close();
  });

  it('fits a phone', async () => {
    const { page, close } = await app.newPage(PHONE);
    await signIn(page, app.server.url, 'reader@demo.local', { to: '/profile' });
    const card = page.getByTestId('api-token-card');
    await card.getByRole('button', { name: 'Zugang anlegen' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Bezeichnung/)
      .waitFor();
    await shot(page, 'api-token-create-phone');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await close();
  });
});
