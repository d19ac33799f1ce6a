import { createRequire } from 'node:module';
import { changeLogEntrySchema, latestVersionSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Shipped with the app (apps/server/changelog.json), newest first; validated at start-up.
const entries = z.array(changeLogEntrySchema).parse(createRequire(import.meta.url)('../../../changelog.json'));

export function changeLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/change-log',
    { schema: { tags: ['system'], response: { 200: z.array(changeLogEntrySchema) } } },
    async () => entries,
  );
  r.get('/api/version/latest', { schema: { tags: ['system'], response: { 200: latestVersionSchema } } }, async () => ({
    version: entries[0]!.version,
    date: entries[0]!.date,
  }));
}
