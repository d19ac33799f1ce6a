import {
  bookedHours,
  type Project,
  type ProjectInput,
  type TimeRecord,
  type TimeRecordInput,
  type TimeRecordPage,
  type TimeRecordPageQuery,
} from '@pc/shared';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { appUser, company, item, project, projectPlannedHours, projectRate, timeRecord } from '../../db/schema/index';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { inScope } from '../../platform/tenancy';
import { projectRights, readsAllTime, readsProjectRates, timeRecordRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'companyId' | 'claims' | 'scopeCompanyIds'>;

const userName = sql<string>`coalesce(${fullName('app_user')}, '')`;
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- projects

async function projectDtos(ctx: Ctx, rows: { p: typeof project.$inferSelect; companyName: string }[]): Promise<Project[]> {
  const ids = rows.map((r) => r.p.id);
  const [rates, planned] = ids.length
    ? await Promise.all([
        ctx.db
          .select({
            projectId: projectRate.projectId,
            userId: projectRate.userId,
            hourlyRate: projectRate.hourlyRate,
            userName,
          })
          .from(projectRate)
          .innerJoin(appUser, eq(appUser.id, projectRate.userId))
          .where(inArray(projectRate.projectId, ids))
          .orderBy(asc(appUser.lastname), asc(appUser.firstname)),
        ctx.db
          .select({
            projectId: projectPlannedHours.projectId,
            month: projectPlannedHours.month,
            hours: projectPlannedHours.hours,
          })
          .from(projectPlannedHours)
          .where(inArray(projectPlannedHours.projectId, ids))
          .orderBy(asc(projectPlannedHours.month)),
      ])
    : [[], []];
  const rights = projectRights(ctx.claims);
  return rows.map(({ p, companyName }) => {
    const dto: Project = {
      id: p.id,
      companyId: p.companyId,
      companyName,
      name: p.name,
      validFrom: p.validFrom,
      validUntil: p.validUntil,
      budgetPeriod: p.budgetPeriod,
      isActive: p.isActive,
      plannedHours: planned.filter((r) => r.projectId === p.id).map((r) => ({ month: r.month.slice(0, 7), hours: r.hours })),
      version: p.version,
      rights,
    };
    // Without the right to them, the terms are left out, not sent empty (policy.ts).
    if (!readsProjectRates(ctx.claims, ctx.companyId, p.companyId)) return dto;
    return {
      ...dto,
      budgetHours: p.budgetHours,
      flatRate: p.flatRate,
      hourlyRate: p.hourlyRate,
      rates: rates
        .filter((r) => r.projectId === p.id)
        .map((r) => ({ userId: r.userId, userName: r.userName, hourlyRate: r.hourlyRate })),
    };
  });
}

const projectQuery = (ctx: Ctx) =>
  ctx.db
    .select({ p: project, companyName: company.name })
    .from(project)
    .innerJoin(company, eq(company.id, project.companyId))
    .where(inScope(project.companyId, ctx.scopeCompanyIds))
    .$dynamic();

export async function listProjects(ctx: Ctx, q: { companyId?: string; activeOnly?: 'true' | 'false' }) {
  const where: (SQL | undefined)[] = [inScope(project.companyId, ctx.scopeCompanyIds)];
  if (q.companyId) where.push(eq(project.companyId, q.companyId));
  if (q.activeOnly === 'true') where.push(eq(project.isActive, true));
  const rows = await ctx.db
    .select({ p: project, companyName: company.name })
    .from(project)
    .innerJoin(company, eq(company.id, project.companyId))
    .where(and(...where))
    .orderBy(asc(company.name), asc(project.name), asc(project.id));
  return projectDtos(ctx, rows);
}

export async function getProject(ctx: Ctx, id: string) {
  const rows = await projectQuery(ctx).where(and(inScope(project.companyId, ctx.scopeCompanyIds), eq(project.id, id)));
  if (!rows.length) throw notFound();
  return (await projectDtos(ctx, rows))[0]!;
}

/** Users named in the rates must be visible to the caller (row-level security on app_user decides). */
async function checkRateUsers(ctx: Ctx, input: ProjectInput) {
  const ids = input.rates.map((r) => r.userId);
  if (!ids.length) return;
  const found = await ctx.db.select({ id: appUser.id }).from(appUser).where(inArray(appUser.id, ids));
  const known = new Set(found.map((f) => f.id));
  const fields: Record<string, string[]> = {};
  input.rates.forEach((r, i) => {
    if (!known.has(r.userId)) fields[`rates.${i}.userId`] = ['validation.unknownReference'];
  });
  if (Object.keys(fields).length) throw validationFailed(fields);
}

async function writeChildren(ctx: Ctx, projectId: string, companyId: string, input: ProjectInput, withRates: boolean) {
  if (withRates) await ctx.db.delete(projectRate).where(eq(projectRate.projectId, projectId));
  await ctx.db.delete(projectPlannedHours).where(eq(projectPlannedHours.projectId, projectId));
  if (withRates && input.rates.length)
    await ctx.db
      .insert(projectRate)
      .values(input.rates.map((r) => ({ projectId, companyId, userId: r.userId, hourlyRate: r.hourlyRate })));
  if (input.plannedHours.length)
    await ctx.db
      .insert(projectPlannedHours)
      .values(input.plannedHours.map((m) => ({ projectId, companyId, month: `${m.month}-01`, hours: m.hours })));
}

/** The project's columns from the input; the terms only from a caller who may see them (else kept as stored). */
const projectValues = (input: ProjectInput, withRates: boolean) => ({
  name: input.name,
  validFrom: input.validFrom,
  validUntil: input.validUntil,
  budgetPeriod: input.budgetPeriod,
  isActive: input.isActive,
  ...(withRates ? { budgetHours: input.budgetHours, flatRate: input.flatRate, hourlyRate: input.hourlyRate } : {}),
});

export async function createProject(ctx: Ctx, input: ProjectInput) {
  if (!ctx.scopeCompanyIds.includes(input.companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
  const withRates = readsProjectRates(ctx.claims, ctx.companyId, input.companyId);
  if (withRates) await checkRateUsers(ctx, input);
  const [p] = await ctx.db
    .insert(project)
    .values({ companyId: input.companyId, ...projectValues(input, withRates) })
    .returning({ id: project.id });
  await writeChildren(ctx, p!.id, input.companyId, input, withRates);
  return getProject(ctx, p!.id);
}

/** A project stays with its company; the company in the input must be the project's own. */
export async function updateProject(ctx: Ctx, id: string, input: ProjectInput) {
  const existing = await getProject(ctx, id);
  if (existing.companyId !== input.companyId) throw validationFailed({ companyId: ['validation.projectCompanyFixed'] });
  const withRates = readsProjectRates(ctx.claims, ctx.companyId, existing.companyId);
  if (withRates) await checkRateUsers(ctx, input);
  await ctx.db.update(project).set(projectValues(input, withRates)).where(eq(project.id, id));
  await writeChildren(ctx, id, existing.companyId, input, withRates);
  return getProject(ctx, id);
}

/** A project with booked time is kept (the records refer to it); it can be set inactive instead. */
export async function deleteProject(ctx: Ctx, id: string) {
  await getProject(ctx, id);
  const [used] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(timeRecord).where(eq(timeRecord.projectId, id));
  if (Number(used!.n) > 0) throw new AppError(409, 'conflict', 'time.projectHasRecords');
  await ctx.db.delete(project).where(eq(project.id, id));
}

// ---------------------------------------------------------------- time records

const readableItem = (ctx: Ctx) => sql`${item.type} = any(${typeArray(readableItemTypes(ctx.claims))}::text[])`;

/** Records the caller may see: those of the scope, and only own ones without TimeRecords.ReadAll. */
function visible(ctx: Ctx): SQL {
  const scope = inScope(timeRecord.companyId, ctx.scopeCompanyIds) ?? sql`true`;
  return readsAllTime(ctx.claims) ? scope : and(scope, eq(timeRecord.userId, ctx.userId))!;
}

const recordSelect = {
  r: timeRecord,
  companyName: company.name,
  projectName: project.name,
  userName,
  itemType: item.type,
  itemName: item.name,
};
type RecordRow = {
  r: typeof timeRecord.$inferSelect;
  companyName: string;
  projectName: string;
  userName: string;
  itemType: string | null;
  itemName: string | null;
};

const recordQuery = (ctx: Ctx) =>
  ctx.db
    .select(recordSelect)
    .from(timeRecord)
    .innerJoin(company, eq(company.id, timeRecord.companyId))
    .innerJoin(project, eq(project.id, timeRecord.projectId))
    .innerJoin(appUser, eq(appUser.id, timeRecord.userId))
    .leftJoin(item, and(eq(item.id, timeRecord.itemId), readableItem(ctx)));

const toRecord = (ctx: Ctx, x: RecordRow): TimeRecord => ({
  id: x.r.id,
  companyId: x.r.companyId,
  companyName: x.companyName,
  projectId: x.r.projectId,
  projectName: x.projectName,
  userId: x.r.userId,
  userName: x.userName,
  day: x.r.day,
  startTime: x.r.startTime,
  endTime: x.r.endTime,
  hours: x.r.hours,
  itemId: x.r.itemId,
  itemType: x.itemType,
  itemName: x.itemName,
  description: x.r.description,
  billable: x.r.billable,
  version: x.r.version,
  rights: timeRecordRights(ctx.claims, ctx.userId, x.r.userId),
});

export async function getRecord(ctx: Ctx, id: string) {
  const [row] = await recordQuery(ctx).where(and(visible(ctx), eq(timeRecord.id, id)));
  if (!row) throw notFound();
  return toRecord(ctx, row);
}

const sortColumn = {
  day: timeRecord.day,
  hours: timeRecord.hours,
  company: company.name,
  project: project.name,
  user: appUser.lastname,
  description: timeRecord.description,
} as const;

/** The record list, filtered, sorted and paged in SQL, with the sums over all matching records. */
export async function pageTimeRecords(ctx: Ctx, q: TimeRecordPageQuery): Promise<TimeRecordPage> {
  const where: (SQL | undefined)[] = [visible(ctx)];
  if (q.from) where.push(gte(timeRecord.day, q.from));
  if (q.until) where.push(lte(timeRecord.day, q.until));
  if (q.companyId) where.push(eq(timeRecord.companyId, q.companyId));
  if (q.projectId) where.push(eq(timeRecord.projectId, q.projectId));
  if (q.userId) where.push(eq(timeRecord.userId, q.userId));
  if (q.itemId) where.push(eq(timeRecord.itemId, q.itemId));
  const order = q.dir === 'desc' ? desc : asc;
  const [rows, [agg]] = await Promise.all([
    recordQuery(ctx)
      .where(and(...where))
      .orderBy(order(sortColumn[q.sort]), order(timeRecord.day), asc(timeRecord.createdAt), asc(timeRecord.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    ctx.db
      .select({
        n: sql<number>`count(*)::int`,
        hours: sql<string>`coalesce(sum(${timeRecord.hours}), 0)`,
        billable: sql<string>`coalesce(sum(${timeRecord.hours}) filter (where ${timeRecord.billable}), 0)`,
      })
      .from(timeRecord)
      .where(and(...where)),
  ]);
  return {
    items: rows.map((r) => toRecord(ctx, r)),
    total: Number(agg!.n),
    sumHours: round2(Number(agg!.hours)),
    sumBillableHours: round2(Number(agg!.billable)),
  };
}

/**
 * Everything a booking must satisfy besides its shape: a project of the scope, active, whose
 * validity covers the day (after `valid until` the month is closed); a linked item of the same
 * company the caller may read; at most 24 hours for the person on that day. Concurrent bookings
 * of one person and day are serialised by a transaction lock, so two cannot pass the sum together.
 */
async function checkBooking(ctx: Ctx, input: TimeRecordInput, ownerId: string, recordId?: string, currentItemId?: string | null) {
  const [p] = await ctx.db
    .select({
      companyId: project.companyId,
      validFrom: project.validFrom,
      validUntil: project.validUntil,
      isActive: project.isActive,
    })
    .from(project)
    .where(and(eq(project.id, input.projectId), inScope(project.companyId, ctx.scopeCompanyIds)));
  if (!p) throw validationFailed({ projectId: ['validation.unknownReference'] });
  const fields: Record<string, string[]> = {};
  if (!p.isActive) fields.projectId = ['validation.projectInactive'];
  if (input.day < p.validFrom) fields.day = ['validation.beforeProject'];
  else if (p.validUntil && input.day > p.validUntil) fields.day = ['validation.monthClosed'];
  if (input.itemId && input.itemId !== currentItemId) {
    const [i] = await ctx.db
      .select({ id: item.id })
      .from(item)
      .where(and(eq(item.id, input.itemId), eq(item.companyId, p.companyId), readableItem(ctx)));
    if (!i) fields.itemId = ['validation.unknownReference'];
  }
  const hours = bookedHours(input);
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`time_record:${ownerId}:${input.day}`}))`);
  const others: SQL[] = [eq(timeRecord.userId, ownerId), eq(timeRecord.day, input.day)];
  if (recordId) others.push(ne(timeRecord.id, recordId));
  const [day] = await ctx.db
    .select({ h: sql<string>`coalesce(sum(${timeRecord.hours}), 0)` })
    .from(timeRecord)
    .where(and(...others));
  if (Number(day!.h) + hours > 24) fields[input.startTime && input.endTime ? 'endTime' : 'hours'] = ['validation.dayOver24h'];
  if (Object.keys(fields).length) throw validationFailed(fields);
  return { companyId: p.companyId, hours };
}

const recordValues = (input: TimeRecordInput, hours: number) => ({
  day: input.day,
  startTime: input.startTime && input.endTime ? input.startTime : null,
  endTime: input.startTime && input.endTime ? input.endTime : null,
  hours,
  projectId: input.projectId,
  itemId: input.itemId,
  description: input.description,
  billable: input.billable,
});

/** Books time for the caller. */
export async function createTimeRecord(ctx: Ctx, input: TimeRecordInput) {
  const { companyId, hours } = await checkBooking(ctx, input, ctx.userId);
  const [r] = await ctx.db
    .insert(timeRecord)
    .values({ companyId, userId: ctx.userId, ...recordValues(input, hours) })
    .returning({ id: timeRecord.id });
  return getRecord(ctx, r!.id);
}

/** The record must be visible and the caller allowed to change it; its person stays. */
async function writable(ctx: Ctx, id: string) {
  const existing = await getRecord(ctx, id);
  if (!existing.rights.write) throw new AppError(403, 'forbidden', 'error.forbidden');
  return existing;
}

export async function updateTimeRecord(ctx: Ctx, id: string, input: TimeRecordInput) {
  const existing = await writable(ctx, id);
  const { companyId, hours } = await checkBooking(ctx, input, existing.userId, id, existing.itemId);
  await ctx.db
    .update(timeRecord)
    .set({ companyId, ...recordValues(input, hours) })
    .where(eq(timeRecord.id, id));
  return getRecord(ctx, id);
}

export async function deleteTimeRecord(ctx: Ctx, id: string) {
  await writable(ctx, id);
  await ctx.db.delete(timeRecord).where(eq(timeRecord.id, id));
}
