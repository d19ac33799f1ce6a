import type { Appointment, AppointmentPageQuery } from '@pc/shared';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { appointment, company, item } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { notFound, validationFailed } from '../../platform/errors';
import { readableItemTypes, typeArray } from '../../platform/item-access';
import { inScope } from '../../platform/tenancy';
import { appointmentRights } from './policy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'companyId' | 'claims' | 'scopeCompanyId' | 'scopeCompanyIds'>;

export interface AppointmentInput {
  title: string;
  start: string;
  end: string;
  attendees: string;
  itemId: string | null;
  companyId?: string;
}

const select = { a: appointment, companyName: company.name, itemType: item.type, itemName: item.name };
type Row = { a: typeof appointment.$inferSelect; companyName: string; itemType: string | null; itemName: string | null };
const toDto = (ctx: Ctx, r: Row): Appointment => ({
  id: r.a.id,
  companyId: r.a.companyId,
  companyName: r.companyName,
  title: r.a.title,
  start: r.a.startsAt.toISOString(),
  end: r.a.endsAt.toISOString(),
  attendees: r.a.attendees,
  itemId: r.a.itemId,
  itemType: r.itemType,
  itemName: r.itemName,
  version: r.a.version,
  rights: appointmentRights(ctx.claims),
});

const readableItem = (ctx: Ctx) => sql`${item.type} = any(${typeArray(readableItemTypes(ctx.claims))}::text[])`;
const scoped = (ctx: Ctx) => inScope(appointment.companyId, ctx.scopeCompanyIds);

/**
 * The linked item's type and name only join when the caller may read that type: the appointment
 * keeps its itemId (so an edit does not drop the link), but its name is not revealed.
 */
const query = (ctx: Ctx) =>
  ctx.db
    .select(select)
    .from(appointment)
    .innerJoin(company, eq(company.id, appointment.companyId))
    .leftJoin(item, and(eq(item.id, appointment.itemId), readableItem(ctx)));

export async function getAppointment(ctx: Ctx, id: string) {
  const [row] = await query(ctx).where(eq(appointment.id, id));
  if (!row) throw notFound();
  return toDto(ctx, row);
}

/**
 * A new link must point to an item the caller may read; the same answer as for a missing item,
 * so probing ids reveals nothing. Keeping an existing link is allowed either way.
 */
async function checkItem(tx: Db, ctx: Ctx, itemId: string | null, companyId: string, current?: string | null) {
  if (!itemId || itemId === current) return;
  const [i] = await tx
    .select({ id: item.id })
    .from(item)
    .where(and(eq(item.id, itemId), eq(item.companyId, companyId), readableItem(ctx)));
  if (!i) throw validationFailed({ itemId: ['validation.unknownReference'] });
}

/** Appointments of the scope that overlap the range, earliest first. */
export async function listAppointments(ctx: Ctx, from: Date, until: Date) {
  const rows = await query(ctx)
    .where(and(scoped(ctx), lte(appointment.startsAt, until), gte(appointment.endsAt, from)))
    .orderBy(asc(appointment.startsAt));
  return rows.map((r) => toDto(ctx, r));
}

const sortColumn = {
  start: appointment.startsAt,
  end: appointment.endsAt,
  title: appointment.title,
  company: company.name,
  attendees: appointment.attendees,
} as const;

/**
 * The appointment list: those of the scope that overlap the range (either bound open), matching
 * the text in title or attendees, sorted and paged in SQL; ties by start, then id, so pages are stable.
 */
export async function pageAppointments(ctx: Ctx, q: AppointmentPageQuery) {
  const where: (SQL | undefined)[] = [scoped(ctx)];
  if (q.until) where.push(lte(appointment.startsAt, new Date(q.until)));
  if (q.from) where.push(gte(appointment.endsAt, new Date(q.from)));
  if (q.q) where.push(or(ilike(appointment.title, containsPattern(q.q)), ilike(appointment.attendees, containsPattern(q.q))));
  const order = q.dir === 'desc' ? desc : asc;
  const [rows, [count]] = await Promise.all([
    query(ctx)
      .where(and(...where))
      .orderBy(order(sortColumn[q.sort]), order(appointment.startsAt), asc(appointment.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointment)
      .where(and(...where)),
  ]);
  return { items: rows.map((r) => toDto(ctx, r)), total: Number(count!.n) };
}

/** The toolbar badge: appointments from now on within the next 7 days. */
export async function upcomingCount(ctx: Ctx, now: Date) {
  const until = new Date(now.getTime() + 7 * 86_400_000);
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointment)
    .where(and(scoped(ctx), gte(appointment.endsAt, now), lte(appointment.startsAt, until)));
  return Number(row!.n);
}

export async function createAppointment(ctx: Ctx, input: AppointmentInput) {
  const companyId = input.companyId ?? ctx.scopeCompanyId ?? ctx.companyId;
  if (!ctx.scopeCompanyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
  await checkItem(ctx.db, ctx, input.itemId, companyId);
  const [a] = await ctx.db
    .insert(appointment)
    .values({
      companyId,
      title: input.title,
      startsAt: new Date(input.start),
      endsAt: new Date(input.end),
      attendees: input.attendees,
      itemId: input.itemId,
      createdBy: ctx.userId,
    })
    .returning({ id: appointment.id });
  return getAppointment(ctx, a!.id);
}

export async function updateAppointment(ctx: Ctx, id: string, input: AppointmentInput) {
  const [existing] = await ctx.db
    .select({ companyId: appointment.companyId, itemId: appointment.itemId })
    .from(appointment)
    .where(and(eq(appointment.id, id), scoped(ctx)));
  if (!existing) throw notFound();
  await checkItem(ctx.db, ctx, input.itemId, existing.companyId, existing.itemId);
  await ctx.db
    .update(appointment)
    .set({
      title: input.title,
      startsAt: new Date(input.start),
      endsAt: new Date(input.end),
      attendees: input.attendees,
      itemId: input.itemId,
    })
    .where(eq(appointment.id, id));
  return getAppointment(ctx, id);
}

export async function deleteAppointment(ctx: Ctx, id: string) {
  const rows = await ctx.db
    .delete(appointment)
    .where(and(eq(appointment.id, id), scoped(ctx)))
    .returning({ id: appointment.id });
  if (!rows.length) throw notFound();
}
