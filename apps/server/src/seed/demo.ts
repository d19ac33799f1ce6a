import { INVITATION_VALID_DAYS } from '@pc/shared';
import { count, eq, ne } from 'drizzle-orm';
import { appUser, company, initiation, invitation, userCompany, userRole } from '../db/schema/index';
import type { Db } from '../db/types';
import { hashPassword } from '../platform/auth/password';
import { randomToken, sha256 } from '../platform/auth/tokens';
import { seedDemoBilling } from './demo-billing';

export const DEMO_PASSWORD = 'Demo1234!';
export const demoUsers = {
  admin: 'admin@demo.local',
  reader: 'reader@demo.local',
  other: 'other@demo.local',
  consultant: 'lea.lang@demo.local',
} as const;

/** Every demo user who can sign in with DEMO_PASSWORD, as the start-up message lists them. */
export const demoLogins: { email: string; who: string }[] = [
  { email: demoUsers.admin, who: 'agency administrator, every company' },
  { email: demoUsers.reader, who: 'one client, read only' },
  { email: demoUsers.other, who: 'another tenant' },
  { email: demoUsers.consultant, who: 'agency consultant, books her own time' },
];

/**
 * A believable German demo: an agency with clients, a group with two children, an
 * inactive former client, a demo company created today, and an unrelated tenant.
 */
export async function seedDemo(db: Db, roles: Record<string, string>, now = new Date()) {
  return db.transaction(async (tx) => {
    const insert = async (values: typeof company.$inferInsert) => {
      const [row] = await tx.insert(company).values(values).returning({ id: company.id });
      return row!.id;
    };
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

    const agency = await insert({
      name: 'Muster Datenschutz GmbH',
      isDataPrivacyAgency: true,
      isResponsibleParty: true,
      addressLine1: 'Hauptstraße 12',
      zipCode: '80331',
      city: 'München',
      emailAddress: 'kontakt@muster-datenschutz.example',
      phoneNumber: '+49 89 1234560',
      createdAt: daysAgo(400),
    });
    const group = await insert({
      name: 'Beispiel Gruppe',
      type: 'Group',
      agencyId: agency,
      addressLine1: 'Industriestraße 5',
      zipCode: '50667',
      city: 'Köln',
      createdAt: daysAgo(300),
    });
    await insert({ name: 'Beispiel Handel GmbH', parentId: group, zipCode: '50667', city: 'Köln', createdAt: daysAgo(290) });
    await insert({
      name: 'Beispiel Logistik GmbH',
      parentId: group,
      isDataProcessor: true,
      zipCode: '51063',
      city: 'Köln',
      createdAt: daysAgo(280),
    });
    const bakery = await insert({
      name: 'Bäckerei Schmidt',
      agencyId: agency,
      addressLine1: 'Marktplatz 3',
      zipCode: '97070',
      city: 'Würzburg',
      // The agency's consultant is the bakery's external DPO (my-DPO tile).
      dpaFirstname: 'Anna',
      dpaLastname: 'Admin',
      dpaAddressLine1: 'Muster Datenschutz GmbH',
      dpaAddressLine2: 'Hauptstraße 12',
      dpaZipCode: '80331',
      dpaCity: 'München',
      dpaPhoneNumber: '+49 89 1234560',
      dpaEmailAddress: 'dsb@muster-datenschutz.example',
      createdAt: daysAgo(200),
    });
    await insert({ name: 'Alte Druckerei KG', agencyId: agency, isActive: false, city: 'Augsburg', createdAt: daysAgo(500) });
    await insert({ name: 'Demo Unternehmen GmbH', agencyId: agency, isDemo: true, city: 'Berlin', createdAt: now });
    const foreign = await insert({ name: 'Fremdfirma AG', city: 'Hamburg', zipCode: '20095', createdAt: daysAgo(100) });

    const hash = await hashPassword(DEMO_PASSWORD);
    const addUser = async (
      email: string,
      first: string,
      last: string,
      companyId: string,
      roleKey: string,
      hasAccount: boolean,
    ) => {
      const [u] = await tx
        .insert(appUser)
        .values({ email, firstname: first, lastname: last, companyId, passwordHash: hash, hasAccount })
        .returning({ id: appUser.id });
      await tx.insert(userRole).values({ userId: u!.id, roleId: roles[roleKey]! });
      await tx.insert(userCompany).values({ userId: u!.id, companyId });
      return u!.id;
    };
    const anna = await addUser(demoUsers.admin, 'Anna', 'Admin', agency, 'administrator', true);
    // In the demo, the agency also operates the installation (help contents, terms of use).
    await tx.insert(userRole).values({ userId: anna, roleId: roles.operator! });
    const ralf = await addUser(demoUsers.reader, 'Ralf', 'Leser', bakery, 'reader', false);
    const otto = await addUser(demoUsers.other, 'Otto', 'Fremd', foreign, 'administrator', true);
    await seedDemoBilling(tx, { agency, foreign }, now);
    // Two pending invitations: one to the bakery's reader, one the agency sent. Their
    // links were never mailed, so the tokens are random and unknown.
    const sent = daysAgo(2);
    const pending = {
      status: 'Pending' as const,
      createdAt: sent,
      sentAt: sent,
      expiresAt: new Date(sent.getTime() + INVITATION_VALID_DAYS * 86_400_000),
    };
    await tx.insert(invitation).values([
      {
        ...pending,
        purpose: 'AsDpo',
        senderUserId: otto,
        senderCompanyId: foreign,
        senderName: 'Otto Fremd',
        companyName: 'Fremdfirma AG',
        recipientEmail: demoUsers.reader,
        recipientUserId: ralf,
        recipientCompanyId: bakery,
        grantRoleIds: [roles['external-dpo']!],
        message:
          'Guten Tag Herr Leser,\n\nwir suchen für die Fremdfirma AG einen Datenschutzbeauftragten. Hätten Sie Interesse?\n\nOtto Fremd',
        tokenHash: sha256(randomToken()),
      },
      {
        ...pending,
        purpose: 'AsClient',
        senderUserId: anna,
        senderCompanyId: agency,
        senderName: 'Anna Admin',
        companyName: 'Muster Datenschutz GmbH',
        recipientEmail: 'praxis@zahnarzt-weber.example',
        message:
          'Sehr geehrte Frau Dr. Weber,\n\nwie besprochen laden wir Ihre Praxis ein, sich von uns datenschutzrechtlich betreuen zu lassen.',
        tokenHash: sha256(randomToken()),
      },
    ]);
    const handel = (await tx.select({ id: company.id }).from(company).where(eq(company.name, 'Beispiel Handel GmbH')))[0]!.id;
    const demo = (await tx.select({ id: company.id }).from(company).where(eq(company.name, 'Demo Unternehmen GmbH')))[0]!.id;
    // The demo's companies are in use, so their wizard counts as done (the company trigger of
    // migration 0017 created it unfinished); the demo company keeps it open to be tried.
    await tx.update(initiation).set({ isFinished: true, finishedAt: now }).where(ne(initiation.companyId, demo));
    return { agency, group, bakery, foreign, handel, demo };
  });
}

export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(company);
  return Number(row!.n) === 0;
}

/** Production start: the first administrator and their company come from configuration. */
export async function seedInitialAdmin(db: Db, roles: Record<string, string>, admin: { email: string; password: string }) {
  const hash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(company)
      .values({ name: admin.email.split('@')[1] ?? 'Company' })
      .returning({ id: company.id });
    const [u] = await tx
      .insert(appUser)
      .values({ email: admin.email, companyId: c!.id, passwordHash: hash, hasAccount: true })
      .returning({ id: appUser.id });
    await tx.insert(userRole).values({ userId: u!.id, roleId: roles.administrator! });
    await tx.insert(userRole).values({ userId: u!.id, roleId: roles.operator! });
    await tx.insert(userCompany).values({ userId: u!.id, companyId: c!.id });
  });
}
