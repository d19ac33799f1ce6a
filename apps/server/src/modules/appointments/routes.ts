import {
  appointmentInputSchema,
  appointmentPageQuerySchema,
  appointmentPageSchema,
  appointmentSchema,
  dateTime,
  ifMatchHeaders,
  versionConflictSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { checkVersion, withEtag } from '../../platform/versioning';
import {
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointments,
  pageAppointments,
  upcomingCount,
  updateAppointment,
} from './service';

export function appointmentRoutes(app: FastifyInstance, { now }: { now: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { claims: { all: ['Appointment.Read'] } };
  const write = { claims: { all: ['Appointment.Read', 'Appointment.Write'] } };
  const idParams = z.object({ id: z.uuid() });

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
    async (req) => listAppointments(ctxOf(req), new Date(req.query.from), new Date(req.query.until)),
  );

  r.get(
    '/api/appointment/page',
    {
      config: read,
      schema: {
        tags: ['appointment'],
        summary: 'The appointment list: a date range (either bound open), text filter, sorted and paged',
        querystring: appointmentPageQuerySchema,
        response: { 200: appointmentPageSchema },
      },
    },
    async (req) => pageAppointments(ctxOf(req), req.query),
  );

  // The toolbar badge: appointments from now on within the next 7 days.
  r.get(
    '/api/appointment/upcoming-count',
    { config: read, schema: { tags: ['appointment'], response: { 200: z.object({ count: z.number().int() }) } } },
    async (req) => ({ count: await upcomingCount(ctxOf(req), now()) }),
  );

  r.post(
    '/api/appointment',
    { config: write, schema: { tags: ['appointment'], body: appointmentInputSchema, response: { 201: appointmentSchema } } },
    async (req, reply) => reply.code(201).send(await createAppointment(ctxOf(req), req.body)),
  );

  r.put(
    '/api/appointment/:id',
    {
      config: write,
      schema: {
        tags: ['appointment'],
        params: idParams,
        headers: ifMatchHeaders,
        body: appointmentInputSchema,
        response: { 200: appointmentSchema, 409: versionConflictSchema(appointmentSchema) },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      await checkVersion(req, ctx.db, 'appointment', req.params.id, () => getAppointment(ctx, req.params.id));
      return withEtag(reply, await updateAppointment(ctx, req.params.id, req.body));
    },
  );

  r.delete('/api/appointment/:id', { config: write, schema: { tags: ['appointment'], params: idParams } }, async (req, reply) => {
    await deleteAppointment(ctxOf(req), req.params.id);
    return reply.code(204).send();
  });
}
