import { randomUUID } from 'node:crypto';
import {
  type CompanyDetail,
  type CompanyInput,
  type CompanyMove,
  type CompanyRights,
  type companySecuritySchema,
  VAT_NUMBER_ERROR,
  vatNumberForCountry,
} from '@pc/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { appUser, company, companyGrant, initiation } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound, validationFailed } from '../../platform/errors';
import { seedDemoItems } from '../../seed/demo-items';
import { demoCompanyProfile } from '../../seed/demo-profiles';
import { revokeGrant } from '../user/grant-service';
import { companyRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'addCompanies' | 'userId' | 'companyId' | 'companyIds' | 'claims'>;

const parent = alias(company, 'parent');
const agency = alias(company, 'agency');

/** Row-level security answers only companies the caller may see; parent and agency included. */
export async function companyDetail(ctx: Ctx, id: string): Promise<CompanyDetail> {
  const db = ctx.db;
  const [row] = await db
    .select({
      c: company,
      parentName: parent.name,
      agencyName: agency.name,
      agentGranted: sql<boolean>`exists (select 1 from company_grant g where g.company_id = ${company.id} and g.user_id = ${company.dataPrivacyAgentId})`,
    })
    .from(company)
    .leftJoin(parent, eq(parent.id, company.parentId))
    .leftJoin(agency, eq(agency.id, company.agencyId))
    .where(eq(company.id, id));
  if (!row) throw notFound();
  const children = await db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(eq(company.parentId, id))
    .orderBy(asc(company.name));
  const c = row.c;
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    parentCompanyId: c.parentId,
    parentCompanyName: row.parentName,
    agencyCompanyId: c.agencyId,
    agencyCompanyName: row.agencyName,
    isActive: c.isActive,
    isDemo: c.isDemo,
    isResponsibleParty: c.isResponsibleParty,
    isDataProcessor: c.isDataProcessor,
    isDataPrivacyAgency: c.isDataPrivacyAgency,
    hasLogo: c.logoHash !== null,
    creationDate: c.createdAt.toISOString(),
    addressLine1: c.addressLine1 ?? '',
    addressLine2: c.addressLine2 ?? '',
    country: c.country,
    zipCode: c.zipCode ?? '',
    city: c.city ?? '',
    phoneNumber: c.phoneNumber ?? '',
    faxNumber: c.faxNumber ?? '',
    url: c.url ?? '',
    emailAddress: c.emailAddress ?? '',
    registrationAuthority: c.registrationAuthority ?? '',
    registrationNumber: c.registrationNumber ?? '',
    vatNumber: c.vatNumber ?? '',
    dataPrivacyAgentFirstname: c.dpaFirstname ?? '',
    dataPrivacyAgentLastname: c.dpaLastname ?? '',
    dataPrivacyAgentAddressLine1: c.dpaAddressLine1 ?? '',
    dataPrivacyAgentAddressLine2: c.dpaAddressLine2 ?? '',
    dataPrivacyAgentCountry: c.dpaCountry,
    dataPrivacyAgentZipCode: c.dpaZipCode ?? '',
    dataPrivacyAgentCity: c.dpaCity ?? '',
    dataPrivacyAgentPhoneNumber: c.dpaPhoneNumber ?? '',
    dataPrivacyAgentEmailAddress: c.dpaEmailAddress ?? '',
    dataPrivacyAgentId: c.dataPrivacyAgentId,
    ipAllowList: c.ipAllowList,
    passwordExpiryDays: c.passwordExpiryDays,
    children,
    numberOfChildCompanies: children.length,
    dataPrivacyAgentGranted: row.agentGranted,
    version: c.version,
    rights: companyRights(ctx, c.id),
  };
}

/** What a plain edit changes: everything but the company's place (group, agency). */
const columns = (i: CompanyInput) => ({
  name: i.name,
  type: i.type,
  isActive: i.isActive,
  isResponsibleParty: i.isResponsibleParty,
  isDataProcessor: i.isDataProcessor,
  isDataPrivacyAgency: i.isDataPrivacyAgency,
  addressLine1: i.addressLine1,
  addressLine2: i.addressLine2,
  country: i.country.toUpperCase(),
  zipCode: i.zipCode,
  city: i.city,
  phoneNumber: i.phoneNumber,
  faxNumber: i.faxNumber,
  url: i.url,
  emailAddress: i.emailAddress,
  registrationAuthority: i.registrationAuthority,
  registrationNumber: i.registrationNumber,
  vatNumber: i.vatNumber,
  dpaFirstname: i.dataPrivacyAgentFirstname,
  dpaLastname: i.dataPrivacyAgentLastname,
  dpaAddressLine1: i.dataPrivacyAgentAddressLine1,
  dpaAddressLine2: i.dataPrivacyAgentAddressLine2,
  dpaCountry: i.dataPrivacyAgentCountry.toUpperCase(),
  dpaZipCode: i.dataPrivacyAgentZipCode,
  dpaCity: i.dataPrivacyAgentCity,
  dpaPhoneNumber: i.dataPrivacyAgentPhoneNumber,
  dpaEmailAddress: i.dataPrivacyAgentEmailAddress,
  dataPrivacyAgentId: i.dataPrivacyAgentId,
  ipAllowList: i.ipAllowList,
  passwordExpiryDays: i.passwordExpiryDays,
});

/** The parent must be a visible group and not the company itself or one of its descendants. */
async function checkParent(db: Db, id: string | null, parentId: string | null, field = 'parentCompanyId') {
  if (!parentId) return;
  const [p] = await db.select({ type: company.type }).from(company).where(eq(company.id, parentId));
  if (!p) throw validationFailed({ [field]: ['validation.unknownReference'] });
  if (p.type !== 'Group') throw validationFailed({ [field]: ['validation.parentNotGroup'] });
  if (!id) return;
  const rows = await db.execute(sql`
    with recursive up(id) as (select ${parentId}::uuid union select c.parent_id from company c join up on c.id = up.id where c.parent_id is not null)
    select 1 as hit from up where id = ${id}::uuid limit 1`);
  if ((rows as unknown as { rows: unknown[] }).rows.length) throw validationFailed({ [field]: ['validation.cycle'] });
}

/** The DPO named by id must be a user the editor can see, like any user picker offers. */
async function checkAgent(db: Db, agentId: string | null) {
  if (!agentId) return;
  // Users the caller may see (row-level security): of their companies, or a DPO of another tenant
  // the company granted access.
  const [u] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, agentId));
  if (!u) throw validationFailed({ dataPrivacyAgentId: ['validation.unknownReference'] });
}

/**
 * The request schema refuses an invalid VAT number already; this keeps the rule for every other
 * caller, and stores a number typed without the company's country prefix with it.
 */
function checkVatNumber(input: CompanyInput) {
  const vat = vatNumberForCountry(input.vatNumber, input.country);
  if (!vat.isValid) throw validationFailed({ vatNumber: [VAT_NUMBER_ERROR] });
  input.vatNumber = vat.value;
}

export async function createCompany(ctx: Ctx, input: CompanyInput) {
  const db = ctx.db;
  checkVatNumber(input);
  await checkParent(db, null, input.parentCompanyId);
  await checkAgent(db, input.dataPrivacyAgentId);
  const [own] = await db.select({ isAgency: company.isDataPrivacyAgency }).from(company).where(eq(company.id, ctx.companyId));
  // A company must stay visible to its creator: under a visible group, or as a client of the
  // creator's agency.
  if (!input.parentCompanyId && !own?.isAgency) throw validationFailed({ parentCompanyId: ['validation.parentRequired'] });
  // Visible to this request from now on; the policy still checks that it hangs under a group or
  // agency the caller sees.
  const id = randomUUID();
  await ctx.addCompanies([id]);
  await db.insert(company).values({
    ...columns(input),
    id,
    parentId: input.parentCompanyId,
    agencyId: input.parentCompanyId ? null : ctx.companyId,
  });
  return id;
}

/**
 * A company the caller may see (row-level security: 404 otherwise) and may act on with `right`
 * (403 otherwise); answers its current group.
 */
async function companyFor(ctx: Ctx, id: string, right: keyof CompanyRights) {
  const [c] = await ctx.db
    .select({ parentId: company.parentId, agentId: company.dataPrivacyAgentId })
    .from(company)
    .where(eq(company.id, id));
  if (!c) throw notFound();
  if (!companyRights(ctx, id)[right]) throw forbidden();
  return c;
}

export async function updateCompany(ctx: Ctx, id: string, input: CompanyInput) {
  const db = ctx.db;
  const before = await companyFor(ctx, id, 'write');
  checkVatNumber(input);
  // Moving a company is its own action (moveCompany): an edit of the form must never take it
  // out of its group or agency by accident.
  if ((input.parentCompanyId ?? null) !== before.parentId)
    throw validationFailed({ parentCompanyId: ['validation.moveIsExplicit'] });
  await checkAgent(db, input.dataPrivacyAgentId);
  if (input.type === 'Company') {
    const [child] = await db.select({ id: company.id }).from(company).where(eq(company.parentId, id)).limit(1);
    if (child) throw validationFailed({ type: ['validation.groupHasChildren'] });
  }
  if (id === ctx.companyId && !input.isActive) throw validationFailed({ isActive: ['validation.ownCompanyActive'] });
  await db.update(company).set(columns(input)).where(eq(company.id, id));
  // A DPO of another tenant acts in the company through the grant their invitation made: taking
  // them out of the DPO field ends it (the form says so before saving).
  if (before.agentId && before.agentId !== (input.dataPrivacyAgentId ?? null)) {
    const [grant] = await db
      .select({ userId: companyGrant.userId })
      .from(companyGrant)
      .where(and(eq(companyGrant.userId, before.agentId), eq(companyGrant.companyId, id)));
    if (grant) await revokeGrant(ctx, grant.userId, id, null);
  }
}

/**
 * Moves a company into another group or to another agency. The target must be one the caller
 * sees, so the company never leaves the reach of the administrator who moved it; a company with
 * neither group nor agency would be reachable only by its own users, so that is refused.
 */
export async function moveCompany(ctx: Ctx, id: string, to: CompanyMove) {
  const db = ctx.db;
  await companyFor(ctx, id, 'move');
  if (!to.parentCompanyId && !to.agencyCompanyId) throw validationFailed({ parentCompanyId: ['validation.moveUnreachable'] });
  if (to.parentCompanyId && to.agencyCompanyId) throw validationFailed({ agencyCompanyId: ['validation.moveOneTarget'] });
  await checkParent(db, id, to.parentCompanyId);
  if (to.agencyCompanyId) {
    const [a] = await db
      .select({ isAgency: company.isDataPrivacyAgency })
      .from(company)
      .where(eq(company.id, to.agencyCompanyId));
    if (!a) throw validationFailed({ agencyCompanyId: ['validation.unknownReference'] });
    if (!a.isAgency || to.agencyCompanyId === id) throw validationFailed({ agencyCompanyId: ['validation.notAgency'] });
  }
  await db.update(company).set({ parentId: to.parentCompanyId, agencyId: to.agencyCompanyId }).where(eq(company.id, id));
}

export async function setLogo(ctx: Ctx, id: string, hash: string | null) {
  await companyFor(ctx, id, 'write');
  await ctx.db.update(company).set({ logoHash: hash }).where(eq(company.id, id));
}

/** A data privacy agency creates a demo company filled with demo items of every type. */
export async function createDemoCompany(ctx: Ctx, opts: { timeZone: string; now: Date; name: string }) {
  const db = ctx.db;
  const [own] = await db.select({ isAgency: company.isDataPrivacyAgency }).from(company).where(eq(company.id, ctx.companyId));
  if (!own?.isAgency) throw new AppError(409, 'conflict', 'error.demoNeedsAgency');
  const id = randomUUID();
  await ctx.addCompanies([id]);
  await db
    .insert(company)
    .values({ id, name: opts.name, isDemo: true, agencyId: ctx.companyId, city: 'Berlin', createdAt: opts.now });
  // A demo company comes filled: there is nothing to set up (its initiation counts as finished).
  await db.update(initiation).set({ isFinished: true, finishedAt: opts.now }).where(eq(initiation.companyId, id));
  await seedDemoItems(db, id, ctx.userId, { timeZone: opts.timeZone, now: opts.now, full: true, profile: demoCompanyProfile });
  return id;
}

/** The company's login rules: IP allow-list and password expiry, by the company's write right. */
export async function setCompanySecurity(ctx: Ctx, id: string, input: z.infer<typeof companySecuritySchema>) {
  await companyFor(ctx, id, 'write');
  await ctx.db.update(company).set(input).where(eq(company.id, id));
}
