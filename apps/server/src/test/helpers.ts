import type { FieldDef } from '@pc/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { appUser, mailOutbox, role, roleClaim, userCompany, userRole } from '../db/schema/index';
import type { Db } from '../db/types';
import { hashPassword } from '../platform/auth/password';
import { openTenantTransaction } from '../platform/tenancy';
import { DEMO_PASSWORD } from '../seed/demo';
import type { TestApp } from './harness';

export const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export async function userId(t: TestApp, email: string) {
  const [u] = await t.db.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.email}) = ${email}`);
  return u!.id;
}

/** The newest mail to an address, of one template when given. */
export async function lastMail(t: TestApp, to: string, template?: string) {
  const [m] = await t.db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.recipient, to), eq(mailOutbox.template, template)) : eq(mailOutbox.recipient, to))
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

/** The smallest valid `data` of an item type: a value for each required field. */
export function sampleData(fields: readonly FieldDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!('required' in f) || !f.required) continue;
    if (f.kind === 'text' || f.kind === 'textarea') out[f.key] = `Wert ${f.key}`;
    if (f.kind === 'select') out[f.key] = f.values[0];
    if (f.kind === 'date') out[f.key] = '2026-11-20';
    if (f.kind === 'datetime') out[f.key] = '2026-11-20T08:00:00.000Z';
    if (f.kind === 'number') out[f.key] = f.min ?? 1;
  }
  return out;
}

/**
 * A user of one company holding exactly `claims` (through a custom role of that company), with
 * the demo password. The built-in roles grant every Read claim, so claim filters need this.
 */
export async function addUserWithClaims(t: TestApp, u: { email: string; companyId: string; claims: readonly string[] }) {
  const [r] = await t.db
    .insert(role)
    .values({ name: `Test ${u.email}`, companyId: u.companyId })
    .returning({ id: role.id });
  if (u.claims.length) await t.db.insert(roleClaim).values(u.claims.map((claim) => ({ roleId: r!.id, claim })));
  const [created] = await t.db
    .insert(appUser)
    .values({ email: u.email, companyId: u.companyId, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: appUser.id });
  await t.db.insert(userRole).values({ userId: created!.id, roleId: r!.id });
  await t.db.insert(userCompany).values({ userId: created!.id, companyId: u.companyId });
  return created!.id;
}

/** A one-file multipart/form-data body (field "file") with its content-type header. */
export function multipart(fileName: string, mime: string, content: Buffer) {
  const boundary = '----pc-test-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Runs `fn` as request code would: in a tenant transaction as pc_app with the user's id and the
 * given companies; rolled back afterwards unless `commit`.
 */
export async function asTenant<T>(
  t: TestApp,
  who: { userId: string; companyIds: readonly string[] },
  fn: (db: Db) => Promise<T>,
  commit = false,
): Promise<T> {
  const tx = await openTenantTransaction(t.database.db, who);
  try {
    const out = await fn(tx.db);
    await tx.end(commit);
    return out;
  } catch (e) {
    await tx.end(false).catch(() => undefined);
    throw e;
  }
}
