import { appointmentInputSchema, appointmentSchema, dateTime } from '@pc/shared';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointment, company, item } from '../../db/schema/index';
import type { Db } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { ctxOf } from '../../platform/auth/plugin';
import { notFound, validationFailed } from '../../platform/errors';
import { readableItemTypes, typeArray } from '../../platform/item-access';

const select = { a: appointment, companyName: company.name, itemType: item.type, itemName: item.name };
type Row = { a: typeof appointment.$inferSelect; companyName: string; itemType: string | null; itemName: string | null };
const toDto = (r: Row) => ({
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
});

const readableItem = (ctx: RequestContext) => sql`${item.type} = any(${typeArray(readableItemTypes(ctx.claims))}::text[])`;

/**
 * The linked item's type and name only join when the caller may read that type: the appointment
 * keeps its itemId (so an edit does not drop the link), but its name is not revealed.
 */
const query = (tx: Db, ctx: RequestContext) =>
  tx
    .select(select)
    .from(appointment)
    .innerJoin(company, eq(company.id, appointment.companyId))
    .leftJoin(item, and(eq(item.id, appointment.itemId), readableItem(ctx)));

/**
 * A new link must point to an item the caller may read; the same answer as for a missing item,
 * so probing ids reveals nothing. Keeping an existing link is allowed either way.
 */
async function checkItem(tx: Db, ctx: RequestContext, itemId: string | null, companyId: string, current?: string | null) {
  if (!itemId || itemId === current) return;
  const [i] = await tx
    .select({ id: item.id })
    .from(item)
    .where(and(eq(item.id, itemId), eq(item.companyId, companyId), readableItem(ctx)));
  if (!i) throw validationFailed({ itemId: ['validation.unknownReference'] });
}

export function appointmentRoutes(app: FastifyInstance, { now }: { now: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { all: ['Appointment.Read'] } };
  const write = { claims: { all: ['Appointment.Read', 'Appointment.Write'] } };
  const scopeWhere = (ctx: RequestContext) => inArray(appointment.companyId, [...ctx.scopeCompanyIds]);

  r.get(
    '/api/appointment',
    {
      config: read,
      schema: {
        tags: ['appointment'],
        querystring: z.object({ from: dateTime, until: dateTime }),
        response: { 200: z.array(appointmentSchema) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return (
        await query(ctx.db, ctx)
          .where(
            and(
              scopeWhere(ctx),
              lte(appointment.startsAt, new Date(req.query.until)),
              gte(appointment.endsAt, new Date(req.query.from)),
            ),
          )
          .orderBy(asc(appointment.startsAt))
      ).map(toDto);
    },
  );

  // The toolbar badge: appointments from now on within the next 7 days.
  r.get(
    '/api/appointment/upcoming-count',
    { config: read, schema: { tags: ['appointment'], response: { 200: z.object({ count: z.number().int() }) } } },
    async (req) => {
      const ctx = ctxOf(req);
      const from = now();
      const until = new Date(from.getTime() + 7 * 86_400_000);
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointment)
        .where(and(scopeWhere(ctx), gte(appointment.endsAt, from), lte(appointment.startsAt, until)));
      return { count: Number(row!.n) };
    },
  );

  r.post(
    '/api/appointment',
    { config: write, schema: { tags: ['appointment'], body: appointmentInputSchema, response: { 201: appointmentSchema } } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const companyId = req.body.companyId ?? ctx.scopeCompanyId ?? ctx.companyId;
      if (!ctx.scopeCompanyIds.includes(companyId)) throw validationFailed({ companyId: ['validation.companyNotAllowed'] });
      const tx = ctx.db;
      await checkItem(tx, ctx, req.body.itemId, companyId);
      const [a] = await tx
        .insert(appointment)
        .values({
          companyId,
          title: req.body.title,
          startsAt: new Date(req.body.start),
          endsAt: new Date(req.body.end),
          attendees: req.body.attendees,
          itemId: req.body.itemId,
          createdBy: ctx.userId,
        })
        .returning({ id: appointment.id });
      const [row] = await query(tx, ctx).where(eq(appointment.id, a!.id));
      return reply.code(201).send(toDto(row!));
    },
  );

  r.put(
    '/api/appointment/:id',
    {
      config: write,
      schema: {
        tags: ['appointment'],
        params: z.object({ id: z.uuid() }),
        body: appointmentInputSchema,
        response: { 200: appointmentSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const tx = ctx.db;
      const [existing] = await tx
        .select({ companyId: appointment.companyId, itemId: appointment.itemId })
        .from(appointment)
        .where(and(eq(appointment.id, req.params.id), scopeWhere(ctx)));
      if (!existing) throw notFound();
      await checkItem(tx, ctx, req.body.itemId, existing.companyId, existing.itemId);
      await tx
        .update(appointment)
        .set({
          title: req.body.title,
          startsAt: new Date(req.body.start),
          endsAt: new Date(req.body.end),
          attendees: req.body.attendees,
          itemId: req.body.itemId,
        })
        .where(eq(appointment.id, req.params.id));
      return toDto((await query(tx, ctx).where(eq(appointment.id, req.params.id)))[0]!);
    },
  );

  r.delete(
    '/api/appointment/:id',
    { config: write, schema: { tags: ['appointment'], params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const rows = await ctx.db
        .delete(appointment)
        .where(and(eq(appointment.id, req.params.id), scopeWhere(ctx)))
        .returning({ id: appointment.id });
      if (!rows.length) throw notFound();
      return reply.code(204).send();
    },
  );
}
