import { companyListItemSchema, logoQuerySchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import type { Storage } from '../../platform/storage';
import { companyLogo, listCompanyItems, listGrantedCompanies } from './service';

export function companyRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/list-items',
    {
      schema: { tags: ['company'], summary: 'Companies for the scope dialog', response: { 200: z.array(companyListItemSchema) } },
    },
    async (req) => listCompanyItems(ctxOf(req)),
  );

  r.get(
    '/api/company/granted',
    {
      schema: {
        tags: ['company'],
        summary: 'Companies of other tenants that granted the caller access, for the scope dialog',
        response: { 200: z.array(companyListItemSchema) },
      },
    },
    async (req) => listGrantedCompanies(ctxOf(req)),
  );

  r.get(
    '/api/company/:id/logo',
    { schema: { tags: ['company'], params: z.object({ id: z.uuid() }), querystring: logoQuerySchema } },
    async (req, reply) => {
      const { etag, body } = await companyLogo(storage, ctxOf(req), req.params.id, req.query.width, req.query.height);
      if (req.headers['if-none-match'] === `"${etag}"`) return reply.code(304).send();
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=86400')
        .header('etag', `"${etag}"`)
        .send(body);
    },
  );
}
