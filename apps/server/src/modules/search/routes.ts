import { SEARCH_QUERY_MAX, searchableItemSchema, text } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { searchItems } from './service';

export function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/searchable-item/search/:query',
    {
      schema: {
        tags: ['search'],
        params: z.object({ query: text.trim().min(1, 'validation.required').max(SEARCH_QUERY_MAX, 'validation.tooLong') }),
        response: { 200: z.array(searchableItemSchema) },
      },
    },
    async (req) => searchItems(ctxOf(req), req.params.query),
  );
}
