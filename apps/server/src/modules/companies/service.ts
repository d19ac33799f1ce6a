import type { CompanyDetail, CompanyInput } from '@pc/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { appointment, appUser, company, item, itemCounter, itemHistory, tag, textModule } from '../../db/schema/index';
import { seedDemoItems } from '../../db/seed/demo-items';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound, validationFailed } from '../../platform/errors';

type Ctx = Pick<RequestContext, 'userId' | 'companyId' | 'companyIds' | 'claims'>;

const parent = alias(company, 'parent');
const agency = alias(company, 'agency');

export function canEditCompany(ctx: Ctx, id: string) {
  return (
    (ctx.claims.has('Company.Write') && ctx.companyIds.includes(id)) ||
    (ctx.claims.has('Company.WriteOwn') && ctx.companyId === id)
  );
}

export async function companyDetail(db: Db, ctx: Ctx, id: string): Promise<CompanyDetail> {
  if (!ctx.companyIds.includes(id)) throw notFound();
  const [row] = await db
    .select({ c: company, parentName: parent.name, agencyName: agency.name })
    .from(company)
    .leftJoin(parent, eq(parent.id, company.parentId))
    .leftJoin(agency, eq(agency.id, company.agencyId))
    .where(eq(company.id, id));
  if (!row) throw notFound();
  const children = await db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(and(eq(company.parentId, id), inArray(company.id, [...ctx.companyIds])))
    .orderBy(asc(company.name));
  const c = row.c;
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    parentCompanyId: c.parentId,
    parentCompanyName: c.parentId && ctx.companyIds.includes(c.parentId) ? row.parentName : null,
    agencyCompanyId: c.agencyId,
    agencyCompanyName: c.agencyId && ctx.companyIds.includes(c.agencyId) ? row.agencyName : null,
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
    canEdit: canEditCompany(ctx, c.id),
  };
}

const columns = (i: CompanyInput) => ({
  name: i.name,
  type: i.type,
  parentId: i.parentCompanyId,
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
async function checkParent(db: Db, ctx: Ctx, id: string | null, parentId: string | null) {
  if (!parentId) return;
  if (!ctx.companyIds.includes(parentId)) throw validationFailed({ parentCompanyId: ['validation.unknownReference'] });
  const [p] = await db.select({ type: company.type }).from(company).where(eq(company.id, parentId));
  if (p?.type !== 'Group') throw validationFailed({ parentCompanyId: ['validation.parentNotGroup'] });
  if (!id) return;
  const rows = await db.execute(sql`
    with recursive up(id) as (select ${parentId}::uuid union select c.parent_id from company c join up on c.id = up.id where c.parent_id is not null)
    select 1 as hit from up where id = ${id}::uuid limit 1`);
  if ((rows as unknown as { rows: unknown[] }).rows.length) throw validationFailed({ parentCompanyId: ['validation.cycle'] });
}

/** The DPO named by id must be a user the editor can see, like any user picker offers. */
async function checkAgent(db: Db, ctx: Ctx, agentId: string | null) {
  if (!agentId) return;
  const [u] = await db.select({ companyId: appUser.companyId }).from(appUser).where(eq(appUser.id, agentId));
  if (!u || !ctx.companyIds.includes(u.companyId))
    throw validationFailed({ dataPrivacyAgentId: ['validation.unknownReference'] });
}

export async function createCompany(db: Db, ctx: Ctx, input: CompanyInput) {
  await checkParent(db, ctx, null, input.parentCompanyId);
  await checkAgent(db, ctx, input.dataPrivacyAgentId);
  const [own] = await db.select({ isAgency: company.isDataPrivacyAgency }).from(company).where(eq(company.id, ctx.companyId));
  // A company must stay visible to its creator: under a visible group, or as a client of the
  // creator's agency.
  if (!input.parentCompanyId && !own?.isAgency) throw validationFailed({ parentCompanyId: ['validation.parentRequired'] });
  const [row] = await db
    .insert(company)
    .values({ ...columns(input), agencyId: input.parentCompanyId ? null : ctx.companyId })
    .returning({ id: company.id });
  return row!.id;
}

export async function updateCompany(db: Db, ctx: Ctx, id: string, input: CompanyInput) {
  if (!ctx.companyIds.includes(id)) throw notFound();
  if (!canEditCompany(ctx, id)) throw forbidden();
  await checkParent(db, ctx, id, input.parentCompanyId);
  await checkAgent(db, ctx, input.dataPrivacyAgentId);
  if (input.type === 'Company') {
    const [child] = await db.select({ id: company.id }).from(company).where(eq(company.parentId, id)).limit(1);
    if (child) throw validationFailed({ type: ['validation.groupHasChildren'] });
  }
  if (id === ctx.companyId && !input.isActive) throw validationFailed({ isActive: ['validation.ownCompanyActive'] });
  await db.update(company).set(columns(input)).where(eq(company.id, id));
}

export async function setLogo(db: Db, ctx: Ctx, id: string, hash: string | null) {
  if (!ctx.companyIds.includes(id)) throw notFound();
  if (!canEditCompany(ctx, id)) throw forbidden();
  await db.update(company).set({ logoHash: hash }).where(eq(company.id, id));
}

/** A data privacy agency creates a demo company filled with demo items of every type. */
export async function createDemoCompany(db: Db, ctx: Ctx, opts: { timeZone: string; now: Date; name: string }) {
  const [own] = await db.select({ isAgency: company.isDataPrivacyAgency }).from(company).where(eq(company.id, ctx.companyId));
  if (!own?.isAgency) throw new AppError(409, 'conflict', 'error.demoNeedsAgency');
  const [row] = await db
    .insert(company)
    .values({ name: opts.name, isDemo: true, agencyId: ctx.companyId, city: 'Berlin', createdAt: opts.now })
    .returning({ id: company.id });
  await seedDemoItems(db, row!.id, ctx.userId, { timeZone: opts.timeZone, now: opts.now, full: true });
  return row!.id;
}

/**
 * Demo companies are reset seven days after creation (spec 000 §9): user changes are dropped,
 * the demo items recreated and the countdown restarts. Stateless, so it survives restarts: it
 * compares creation dates whenever it runs.
 */
export async function resetDueDemoCompanies(db: Db, opts: { timeZone: string; now: Date }) {
  const due = await db
    .select({ id: company.id, agencyId: company.agencyId })
    .from(company)
    .where(and(eq(company.isDemo, true), lte(company.createdAt, new Date(opts.now.getTime() - 7 * 86_400_000))));
  for (const demo of due) {
    const [seeder] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.companyId, demo.agencyId ?? demo.id), eq(appUser.isActive, true)))
      .orderBy(asc(appUser.createdAt))
      .limit(1);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.delete(appointment).where(eq(appointment.companyId, demo.id));
      await tx.delete(item).where(eq(item.companyId, demo.id));
      await tx.delete(itemHistory).where(eq(itemHistory.companyId, demo.id));
      await tx.delete(itemCounter).where(eq(itemCounter.companyId, demo.id));
      await tx.delete(tag).where(eq(tag.companyId, demo.id));
      await tx.delete(textModule).where(eq(textModule.companyId, demo.id));
      await tx.update(company).set({ createdAt: opts.now }).where(eq(company.id, demo.id));
      if (seeder) await seedDemoItems(tx, demo.id, seeder.id, { timeZone: opts.timeZone, now: opts.now, full: true });
    });
  }
  return due.length;
}
