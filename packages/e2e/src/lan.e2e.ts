import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { shot } from './browser';
import { withServerAndBrowser } from './harness';

/** This machine's first IPv4 address that is not loopback: how a colleague on the LAN reaches it. */
function lanAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

const address = lanAddress();
if (!address) console.warn('lan.e2e.ts skipped: this machine has no non-loopback IPv4 address to load the app through');

/**
 * Plain HTTP to another host than localhost, as on a LAN: the browser treats only loopback as a
 * secure origin, so a CSP `upgrade-insecure-requests` sent over HTTP made it fetch the app's
 * scripts over HTTPS, which nothing answers — a blank page.
 */
describe.skipIf(!address)('the app over plain HTTP on a LAN address', () => {
  const app = withServerAndBrowser({ env: { HOST: '0.0.0.0' } });

  it(`renders the login page through ${address ?? 'the LAN address'}`, async () => {
    const { page, errors, close } = await app.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    const res = await page.goto(`http://${address}:${new URL(app.server.url).port}/login`);
    await page.locator('input[name=username]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).isVisible()).toBe(true);
    await shot(page, 'lan-login');
    expect(page.url().startsWith(`http://${address}`)).toBe(true);
    expect(failed).toEqual([]);
    expect(res?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(errors).toEqual([]);
    await close();
  });
});
