import { randomUUID } from 'node:crypto';
import {
  type Initiation,
  type InitiationFinishResult,
  type InitiationInput,
  type ItemTypeKey,
  initiationStepsFor,
  itemInputSchema,
  type TagType,
} from '@pc/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { appUser, company, initiation, invitation } from '../../db/schema/index';
import { type Db, queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound, validationFailed } from '../../platform/errors';
import { seedDemoItems } from '../../seed/demo-items';
import { demoCompanyProfile } from '../../seed/demo-profiles';
import { companyRights } from '../company/policy';
import {
  callerInviteRights,
  createInvitation,
  type InvitationCtx,
  type InvitationDeps,
  pendingInvitation,
  withdrawInvitation,
} from '../invitation/service';
import { type ItemDeps, insertItems } from '../items/service';
import { addMissingMeasures } from '../measures/service';
import { processTemplate } from './templates';

type Ctx = Pick<RequestContext, 'db' | 'claims' | 'companyId' | 'userId'>;
/** Saving and finishing may send the external DPO's invitation. */
type WriteCtx = Ctx & InvitationCtx;
export type InitiationDeps = ItemDeps & InvitationDeps;

/**
 * The company (row-level security: 404 when the caller may not see it) with its initiation and
 * the caller's right to write it. `lock` takes the row for the rest of the transaction, so two
 * finishes of one company run one after the other.
 */
async function load(ctx: Ctx, companyId: string, lock = false) {
  const q = ctx.db
    .select({ i: initiation, name: company.name, isAgency: company.isDataPrivacyAgency })
    .from(initiation)
    .innerJoin(company, eq(company.id, initiation.companyId))
    .where(eq(initiation.companyId, companyId));
  const [row] = lock ? await q.for('update', { of: initiation }) : await q;
  if (!row) throw notFound();
  return { ...row, write: companyRights(ctx, companyId).write };
}

/** The latest invitation this company sent to the stored external DPO, shown in the wizard's step 1. */
async function dpoInvitation(ctx: Ctx, row: Awaited<ReturnType<typeof load>>): Promise<Initiation['dpoInvitation']> {
  if (row.i.dpoType !== 'External' || !row.i.dpoEmail) return null;
  const [inv] = await ctx.db
    .select({ recipient: invitation.recipientEmail, status: invitation.status, sentAt: invitation.sentAt })
    .from(invitation)
    .where(
      and(
        eq(invitation.senderCompanyId, row.i.companyId),
        eq(invitation.purpose, 'AsDpo'),
        sql`lower(${invitation.recipientEmail}) = lower(${row.i.dpoEmail})`,
      ),
    )
    .orderBy(desc(invitation.createdAt))
    .limit(1);
  return inv ? { recipient: inv.recipient, status: inv.status, sentDate: inv.sentAt?.toISOString() ?? null } : null;
}

function toView(row: Awaited<ReturnType<typeof load>>, invited: Initiation['dpoInvitation']): Initiation {
  const i = row.i;
  return {
    companyId: i.companyId,
    companyName: row.name,
    isAgency: row.isAgency,
    step: i.step,
    isFinished: i.isFinished,
    showReminder: i.showReminder,
    dataProtectionOfficerType: i.dpoType,
    dataProtectionOfficerEmail: i.dpoEmail,
    processTemplateIds: i.processTemplateIds,
    processes: i.processes,
    serviceAgreements: i.serviceAgreements,
    websites: i.websites,
    clients: i.clients,
    createDemo: i.createDemo,
    autoGenerateMeasures: i.autoGenerateMeasures,
    dpoInvitation: invited,
    rights: { write: row.write },
  };
}

export async function getInitiation(ctx: Ctx, companyId: string): Promise<Initiation> {
  const row = await load(ctx, companyId);
  return toView(row, await dpoInvitation(ctx, row));
}

/** Whether the wizard is offered to the caller for this company (GET /api/user/me). */
export async function initiationStatus(ctx: Ctx, companyId: string | null) {
  if (!companyId) return { supportsInitiation: false, canContinueInitiation: false };
  const [row] = await ctx.db
    .select({ isFinished: initiation.isFinished })
    .from(initiation)
    .where(eq(initiation.companyId, companyId));
  const supports = !!row && companyRights(ctx, companyId).write;
  return { supportsInitiation: supports, canContinueInitiation: supports && !row.isFinished };
}

/** Rules the request schema cannot know: the steps of this company's kind and the template ids. */
function check(input: InitiationInput, isAgency: boolean) {
  const fields: Record<string, string[]> = {};
  if (input.step >= initiationStepsFor(isAgency).length) fields.step = ['validation.step'];
  input.processTemplateIds.forEach((id, n) => {
    if (!processTemplate(id)) fields[`processTemplateIds.${n}`] = ['validation.unknownReference'];
  });
  if (input.dataProtectionOfficerType !== 'External' && input.dataProtectionOfficerType !== 'Internal')
    input.dataProtectionOfficerEmail = '';
  if (Object.keys(fields).length) throw validationFailed(fields);
}

async function writable(ctx: Ctx, input: InitiationInput, lock = false) {
  const row = await load(ctx, input.companyId, lock);
  if (!row.write) throw forbidden();
  check(input, row.isAgency);
  return row;
}

const unique = (list: readonly string[]) => {
  const seen = new Set<string>();
  return list.filter((v) => {
    const k = v.toLocaleLowerCase('de');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

async function store(db: Db, input: InitiationInput, extra: Partial<typeof initiation.$inferInsert> = {}) {
  await db
    .update(initiation)
    .set({
      step: input.step,
      showReminder: input.showReminder,
      dpoType: input.dataProtectionOfficerType,
      dpoEmail: input.dataProtectionOfficerEmail,
      processTemplateIds: unique(input.processTemplateIds),
      processes: unique(input.processes),
      serviceAgreements: unique(input.serviceAgreements),
      websites: unique(input.websites),
      clients: unique(input.clients),
      createDemo: input.createDemo,
      autoGenerateMeasures: input.autoGenerateMeasures,
      updatedAt: new Date(),
      ...extra,
    })
    .where(eq(initiation.companyId, input.companyId));
}

/**
 * The external DPO's invitation (purpose AsDpo, the invitation module's mail, token and expiry)
 * goes out when the wizard first stores the address, not at finish: the DPO can accept while the
 * rest is filled in, and the wizard can say at once that the mail went out. It follows the stored
 * choice: saving the same address again sends nothing, and a changed address or a DPO no longer
 * external withdraws the earlier pending invitation, so only the person now named can become DPO.
 * The company sends it, whoever runs its wizard. Without the right to invite a DPO (not a
 * responsible party) the address is only stored, as before invitations existed.
 */
async function syncDpoInvitation(
  ctx: WriteCtx,
  d: InvitationDeps,
  row: Awaited<ReturnType<typeof load>>,
  input: InitiationInput,
) {
  const external = (type: string | null, email: string) => (type === 'External' ? email.trim().toLowerCase() : '');
  const before = external(row.i.dpoType, row.i.dpoEmail);
  const after = external(input.dataProtectionOfficerType, input.dataProtectionOfficerEmail);
  if (before === after) return;
  const sender = { ...ctx, companyId: input.companyId };
  if (!(await callerInviteRights(sender)).canInviteDpo) return;
  const earlier = before ? await pendingInvitation(sender, 'AsDpo', before) : null;
  if (earlier) await withdrawInvitation(sender, d, earlier.id);
  if (!after || (await pendingInvitation(sender, 'AsDpo', after))) return;
  try {
    await createInvitation(sender, d, { purpose: 'AsDpo', recipient: after, message: '' });
  } catch (e) {
    // The invitation's field is the wizard's e-mail field (e.g. an address of the company itself).
    const fields = e instanceof AppError ? e.extra.fields?.recipient : undefined;
    if (fields) throw validationFailed({ dataProtectionOfficerEmail: fields });
    throw e;
  }
}

export async function saveInitiation(ctx: WriteCtx, d: InvitationDeps, input: InitiationInput): Promise<Initiation> {
  const row = await writable(ctx, input);
  if (row.i.isFinished) throw new AppError(409, 'conflict', 'error.initiationFinished');
  await syncDpoInvitation(ctx, d, row, input);
  await store(ctx.db, input);
  return getInitiation(ctx, input.companyId);
}

/** The tag of this name and type in the company, created when missing. */
async function tagIds(db: Db, companyId: string, type: TagType, names: readonly string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`with ins as (
            insert into tag (company_id, type, name) values (${companyId}, ${type}, ${name})
            on conflict (company_id, type, lower(name)) do nothing returning id)
          select id from ins union all
          select id from tag where company_id = ${companyId} and type = ${type} and lower(name) = lower(${name})
          limit 1`,
    );
    ids.push(row!.id);
  }
  return ids;
}

async function addItem(
  d: ItemDeps,
  ctx: RequestContext,
  companyId: string,
  type: ItemTypeKey,
  raw: { name: string; data: Record<string, unknown> },
) {
  const input = itemInputSchema(type).parse(raw);
  const [created] = await insertItems(d, { ...ctx, scopeCompanyIds: [companyId] }, type, [input], companyId);
  return created!;
}

/**
 * Saves the wizard's last state, then turns it into real data in the request's one transaction:
 * processes from the chosen templates (purpose, legal bases, data categories, person groups and a
 * retention period) and from the free-text names, data-processor agreements, websites, the
 * agency's client companies and demo company, the missing measures and the chosen DPO. A
 * finished initiation is left alone, so finishing twice creates nothing twice.
 */
export async function finishInitiation(
  d: InitiationDeps,
  ctx: RequestContext,
  input: InitiationInput,
): Promise<InitiationFinishResult> {
  const row = await writable(ctx, input, true);
  const result = { processes: 0, serviceAgreements: 0, websites: 0, clients: 0, measures: 0 };
  if (row.i.isFinished) return result;
  await syncDpoInvitation(ctx, d, row, input);
  const db = ctx.db;
  const companyId = input.companyId;
  const now = d.now();
  await store(db, input, { isFinished: true, finishedAt: now, showReminder: false });

  if (row.isAgency) {
    for (const name of unique(input.clients)) {
      const id = randomUUID();
      await ctx.addCompanies([id]);
      await db.insert(company).values({ id, name, agencyId: companyId });
      result.clients++;
    }
    if (input.createDemo) {
      const label = new Intl.DateTimeFormat('de-DE', {
        timeZone: d.timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(now);
      const id = randomUUID();
      await ctx.addCompanies([id]);
      await db.insert(company).values({
        id,
        name: ctx.locale === 'en' ? `Demo company (${label})` : `Demo Unternehmen (${label})`,
        isDemo: true,
        agencyId: companyId,
        city: 'Berlin',
        createdAt: now,
      });
      // A demo company comes filled: there is nothing to set up.
      await db.update(initiation).set({ isFinished: true, finishedAt: now }).where(eq(initiation.companyId, id));
      await seedDemoItems(db, id, ctx.userId, { timeZone: d.timeZone, now, full: true, profile: demoCompanyProfile });
      result.clients++;
    }
  } else {
    // Processors, websites and measures first: each activity of this run is linked to all of them
    // (the wizard says so), so a new customer's register and diagram start connected.
    const processors: string[] = [];
    for (const name of unique(input.serviceAgreements)) {
      const created = await addItem(d, ctx, companyId, 'service-agreement-with-provider', { name, data: { counterparty: name } });
      processors.push(created.id);
      result.serviceAgreements++;
    }
    const websites: string[] = [];
    for (const name of unique(input.websites)) {
      websites.push((await addItem(d, ctx, companyId, 'website', { name, data: { url: name } })).id);
      result.websites++;
    }
    const measures: string[] = [];
    if (input.autoGenerateMeasures) {
      await addMissingMeasures(d, ctx, companyId);
      // Leaving the measures step has generated most of them already: the run's measures are the
      // catalogue's, however many of them this last call had still to add.
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id::text as id from item where company_id = ${companyId} and type = 'measure'
            and data ? 'catalogueKey' order by number`,
      );
      measures.push(...rows.map((r) => r.id));
      result.measures = measures.length;
    }
    const links = { processors, websites, measures };
    for (const templateId of unique(input.processTemplateIds)) {
      const t = processTemplate(templateId)!;
      const name = t.name[ctx.locale];
      const dataCategories = await tagIds(db, companyId, 'data-categories', t.dataCategories[ctx.locale]);
      const personGroups = await tagIds(db, companyId, 'person-groups', t.personGroups[ctx.locale]);
      const retention = await addItem(d, ctx, companyId, 'storage-period', {
        name,
        data: { period: t.retention[ctx.locale], dataCategories },
      });
      await addItem(d, ctx, companyId, 'process', {
        name,
        data: {
          role: 'controller',
          purposes: t.purpose[ctx.locale],
          legalBases: t.legalBases,
          dataCategories,
          personGroups,
          storagePeriods: [retention.id],
          ...links,
        },
      });
      result.processes++;
    }
    for (const name of unique(input.processes)) {
      await addItem(d, ctx, companyId, 'process', { name, data: { role: 'controller', ...links } });
      result.processes++;
    }
    await applyDpo(db, companyId, input);
  }
  return result;
}

/**
 * The DPO as chosen: the account holder becomes the company's DPO user; for an internal or
 * external DPO the e-mail address is stored (an external one was invited when it was saved).
 */
async function applyDpo(db: Db, companyId: string, input: InitiationInput) {
  if (input.dataProtectionOfficerType === 'AccountHolder') {
    const [holder] = await db
      .select({ id: appUser.id, firstname: appUser.firstname, lastname: appUser.lastname, email: appUser.email })
      .from(appUser)
      .where(and(eq(appUser.companyId, companyId), eq(appUser.hasAccount, true), eq(appUser.isActive, true)))
      .orderBy(asc(appUser.createdAt))
      .limit(1);
    if (holder)
      await db
        .update(company)
        .set({
          dataPrivacyAgentId: holder.id,
          dpaFirstname: sql`coalesce(nullif(${company.dpaFirstname}, ''), ${holder.firstname})`,
          dpaLastname: sql`coalesce(nullif(${company.dpaLastname}, ''), ${holder.lastname})`,
          dpaEmailAddress: sql`coalesce(nullif(${company.dpaEmailAddress}, ''), ${holder.email})`,
        })
        .where(eq(company.id, companyId));
  } else if (input.dataProtectionOfficerEmail) {
    await db.update(company).set({ dpaEmailAddress: input.dataProtectionOfficerEmail }).where(eq(company.id, companyId));
  }
}
