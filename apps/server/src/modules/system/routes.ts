import { healthSchema, publicConfigSchema } from '@pc/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
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
      environment: config.environment,
      languages: config.languages,
      version: APP_VERSION,
      webcastUrl: config.webcastUrl,
      subscriptionsEnabled: config.subscriptionsEnabled,
      browserWarning: config.browserWarning,
      sepaCreditor: config.seller.creditorId ? { name: config.seller.name, id: config.seller.creditorId } : null,
    }),
  );
}
