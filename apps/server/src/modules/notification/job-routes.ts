import { notificationPassSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OwnerDb } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import { runNotificationPass } from './scheduler';

/**
 * The operator runs the notification pass now (after a stop, or to check a set-up): it works
 * across tenants like the scheduled one, so only Platform.Manage may, on the owner connection.
 */
export function notificationJobRoutes(
  app: FastifyInstance,
  d: { db: OwnerDb; mailer: Mailer; timeZone: string; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/system/jobs/notifications/run',
    {
      config: { claims: { all: ['Platform.Manage'] }, ownerConnection: true },
      schema: { tags: ['system'], response: { 200: notificationPassSchema } },
    },
    async () => runNotificationPass(d.db, { timeZone: d.timeZone, now: d.now(), mailer: d.mailer }),
  );
}
