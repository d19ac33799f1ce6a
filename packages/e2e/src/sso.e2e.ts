import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../../apps/server/src/test/oidc-provider';
import { accessToken } from './api';
import { DESKTOP, PHONE, shot, signIn } from './browser';
import { withServerAndBrowser } from './harness';

describe('single sign-on in the browser', () => {
  const app = withServerAndBrowser();
  let idp: TestProvider;

  beforeAll(async () => {
    idp = await startTestProvider({ redirectUri: `${app.server.url}/api/auth/sso/callback` });
    idp.add({ sub: 'sub-e2e', email: 'greta@sso.test', givenName: 'Greta', familyName: 'Sommer' });
    const auth = { Authorization: `Bearer ${await accessToken(app.server.url, 'admin@demo.local')}` };
    const cfg = (await (await fetch(`${app.server.url}/api/account/sso`, { headers: auth })).json()) as {
      roles: { id: string }[];
    };
    const put = await fetch(`${app.server.url}/api/account/sso`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        domains: ['sso.test'],
        defaultRoleId: cfg.roles[0]!.id,
        passwordLoginDisabled: false,
      }),
    });
    expect(put.status).toBe(200);
  });

  afterAll(async () => {
    await idp?.close();
  });

  for (const [name, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signs in through the provider's login page and lands on the dashboard (${name})`, async () => {
      const { page, close } = await app.newPage(size);
      await page.goto(`${app.server.url}/login`);
      await page.locator('input[name=username]').fill('greta@sso.test');
      const sso = page.getByRole('link', { name: 'Mit SSO anmelden' });
      await sso.waitFor();
      await shot(page, `sso-login-${name}`);
      await sso.click();
      await page.getByLabel('Login').fill('sub-e2e');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/home');
      await page.getByRole('button', { name: /Benutzermenü/ }).waitFor();
      await shot(page, `sso-dashboard-${name}`);
      await close();
    });
  }

  it('shows the configuration on the account page and tests the connection', async () => {
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, close } = await app.newPage(size);
      await signIn(page, app.server.url, 'admin@demo.local', { to: '/account' });
      const card = page.getByRole('region', { name: 'Single Sign-on (OpenID Connect)' });
      await card.waitFor();
      await expect.poll(() => card.getByLabel(/Aussteller-URL/).inputValue()).toBe(idp.issuer);
      await card.getByRole('button', { name: 'Verbindung testen' }).click();
      // Either outcome shows as an alert; a failure then says the provider's answer.
      const outcome = card.getByRole('alert');
      await outcome.waitFor();
      expect(await outcome.innerText()).toMatch(/^Verbindung erfolgreich/);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `sso-account-card-${name}`);
      await close();
    }
  });
});
