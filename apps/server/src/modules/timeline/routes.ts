import { localDateTime, timelineItemSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { timeline } from './service';

export function timelineRoutes(app: FastifyInstance, { timeZone }: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/timeline/past', { schema: { tags: ['timeline'], response: { 200: z.array(timelineItemSchema) } } }, async (req) =>
    timeline(ctxOf(req), {}, timeZone),
  );
  r.get(
    '/api/timeline/between/:from/:until',
    {
      schema: {
        tags: ['timeline'],
        params: z.object({
          from: localDateTime('T'),
          until: localDateTime('T'),
        }),
        response: { 200: z.array(timelineItemSchema) },
      },
    },
    async (req) => timeline(ctxOf(req), { from: req.params.from, until: req.params.until }, timeZone),
  );
}
