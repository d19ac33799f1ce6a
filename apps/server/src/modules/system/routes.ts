import { healthSchema, mailVolumeSchema, publicConfigSchema } from '@pc/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, logoUrlOf } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/types';
import { notFound } from '../../platform/errors';
import { APP_VERSION } from '../../version';

export function systemRoutes(app: FastifyInstance, { database, config }: { database: Database; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      const ok = await database.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: database.kind, version: APP_VERSION });
    },
  );

  r.get(
    '/api/config',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: publicConfigSchema } } },
    async () => ({
      productName: config.productName,
      logoUrl: logoUrlOf(config.logo),
      environment: config.environment,
      languages: config.languages,
      version: APP_VERSION,
      webcastUrl: config.webcastUrl,
      subscriptionsEnabled: config.subscriptionsEnabled,
      browserWarning: config.browserWarning,
      sepaCreditor: config.seller.creditorId ? { name: config.seller.name, id: config.seller.creditorId } : null,
    }),
  );

  // The operator's logo: public (the login screen shows it), cached for long as its URL names the file's hash.
  app.get(
    '/api/config/logo',
    { config: { public: true }, schema: { tags: ['system'], summary: 'The operator logo (LOGO_FILE)' } },
    async (_req, reply) => {
      if (!config.logo) throw notFound();
      return reply
        .header('content-type', config.logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(config.logo.bytes);
    },
  );

  // The operator watches what tenants send through the installation's mail: busiest first.
  r.get(
    '/api/system/mail-volume',
    {
      config: { claims: { all: ['Platform.Manage'] }, ownerConnection: true },
      schema: {
        tags: ['system'],
        summary: 'Mails with a sender-chosen text (invitations, questionnaires) per company, last hour, day and 30 days',
        response: { 200: mailVolumeSchema },
      },
    },
    async () =>
      queryRows<{
        companyId: string;
        companyName: string;
        inTrial: boolean;
        lastHour: number;
        lastDay: number;
        last30Days: number;
      }>(
        database.db,
        sql`select c.id::text as "companyId", c.name as "companyName",
                   exists (select 1 from billing_contract b where b.company_id = c.id and b.lifecycle_status = 'InTrial') as "inTrial",
                   count(*) filter (where o.created_at >= now() - interval '1 hour')::int as "lastHour",
                   count(*) filter (where o.created_at >= now() - interval '1 day')::int as "lastDay",
                   count(*)::int as "last30Days"
            from mail_outbox o join company c on c.id = o.sender_company_id
            where o.created_at >= now() - interval '30 days'
            group by c.id, c.name
            order by "lastHour" desc, "lastDay" desc, c.name`,
      ),
  );
}
