import { itemClaims, itemTypes, platformClaims, tenantClaims } from '@pc/shared';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { role, roleClaim } from '../../db/schema/index';
import type { Db } from '../../db/types';

const itemReads = itemTypes.map((t) => `${t.claim}.Read`);
const readOnly = [
  ...itemReads,
  'Appointment.Read',
  'Company.Read',
  'Tag.Read',
  'Diagram.Read',
  'Document.ReadExtended',
  'TimeRecords.Read',
];
const editing = [
  ...itemClaims,
  'Appointment.Read',
  'Appointment.Write',
  'Company.Read',
  'Tag.Read',
  'Tag.Write',
  'Diagram.Read',
  'Document.ReadExtended',
  'TimeRecords.Read',
  'TimeRecords.Write',
  'User.SwitchCompany',
];

/**
 * Built-in roles and their claims (docs/decisions/0003-roles-and-claims.md). Kept in code and
 * synchronised at start-up, so a release that adds a claim updates the built-in roles with it.
 */
export const builtInRoles: Record<string, { name: string; claims: readonly string[] }> = {
  administrator: { name: 'Administrator', claims: tenantClaims },
  dpo: {
    name: 'Datenschutzbeauftragter',
    claims: [
      ...editing,
      'Company.WriteOwn',
      'TimeRecords.ReadAll',
      'Projects.Write',
      'Application.PresentationMode',
      'User.Read',
    ],
  },
  editor: { name: 'Bearbeiter', claims: editing },
  reader: { name: 'Leser', claims: readOnly },
  'client-user': {
    name: 'Mandanten-Benutzer',
    claims: [...readOnly, 'Issue.Write', 'PrivacyRequest.Write', 'DataBreach.Write'],
  },
  /**
   * The customer who signed up: administers their own company and holds its
   * contract (app_user.has_account) — /account, upgrade and cancel.
   */
  'account-holder': { name: 'Kontoinhaber', claims: tenantClaims },
  /**
   * What a company grants a DPO of another tenant by default (docs/decisions/0033): registers,
   * reports, questionnaires, appointments, tags and time booking in that company; no user, role,
   * company, security, billing or terms administration. The granting company may choose another.
   */
  'external-dpo': {
    name: 'Externe/r Datenschutzbeauftragte/r',
    claims: [...editing, 'Application.PresentationMode'],
  },
  /** The installation's operator (help contents, terms of use); given with the first administrator. */
  operator: { name: 'Betreiber', claims: platformClaims },
};

export async function syncBuiltInRoles(db: Db): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [key, def] of Object.entries(builtInRoles)) {
    const [row] = await db
      .insert(role)
      .values({ key, name: def.name })
      .onConflictDoUpdate({ target: role.key, set: { name: def.name } })
      .returning({ id: role.id });
    const id = row!.id;
    ids[key] = id;
    const claims = [...new Set(def.claims)];
    await db.delete(roleClaim).where(and(eq(roleClaim.roleId, id), notInArray(roleClaim.claim, claims)));
    await db
      .insert(roleClaim)
      .values(claims.map((claim) => ({ roleId: id, claim })))
      .onConflictDoNothing();
  }
  return ids;
}

export async function roleIdsByKey(db: Db, keys: string[]) {
  const rows = await db.select({ id: role.id, key: role.key }).from(role).where(inArray(role.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key!, r.id]));
}
