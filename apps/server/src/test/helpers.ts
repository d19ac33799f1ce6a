import { desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { appUser, mailOutbox } from '../db/schema/index';
import type { TestApp } from './harness';

export const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export async function userId(t: TestApp, email: string) {
  const [u] = await t.db.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.email}) = ${email}`);
  return u!.id;
}

export async function lastMail(t: TestApp, to: string) {
  const [m] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return m ?? null;
}

export const totpCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

/** Turns two-factor on for a user through the API; answers the secret and the recovery codes. */
export async function enableTwoFactor(t: TestApp, token: string, password = 'Demo1234!') {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/setup',
    headers: t.auth(token),
    payload: { password },
  });
  if (setup.statusCode !== 200) throw new Error(setup.body);
  const { secret } = setup.json();
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/user/two-factor/enable',
    headers: t.auth(token),
    payload: { code: totpCode(secret, t.clock.now()) },
  });
  if (enable.statusCode !== 200) throw new Error(enable.body);
  return { secret: secret as string, recoveryCodes: enable.json().recoveryCodes as string[] };
}
