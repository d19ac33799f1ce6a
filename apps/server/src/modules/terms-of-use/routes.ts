import { publishTermsOfUseSchema, termsOfUseSchema, termsOfUseVersionSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnerDb } from '../../db/client';
import { ctxOf } from '../../platform/auth/plugin';
import { consent, currentTerms, listVersions, publish } from './service';

/**
 * Terms of use are installation-wide, shared by every tenant: their routes work on the owner
 * connection (the operator publishes; each user reads and consents for themselves).
 */
export function termsOfUseRoutes(app: FastifyInstance, { db }: { db: OwnerDb }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Terms of use bind every tenant: only the operator publishes them.
  const admin = { all: ['Platform.Manage'] };

  r.get(
    '/api/terms-of-use/current',
    {
      config: { allowLock: ['TermsOfUseConsentRequired'], ownerConnection: true },
      schema: {
        tags: ['terms-of-use'],
        response: { 200: termsOfUseSchema, 204: z.null().describe('No version is published yet') },
      },
    },
    // Nothing published yet is a normal state, not a missing resource: 204, no console 404.
    async (req, reply) => (await currentTerms(db, ctxOf(req).locale)) ?? reply.code(204).send(null),
  );

  r.post(
    '/api/terms-of-use/:id/consent',
    {
      config: { allowLock: ['TermsOfUseConsentRequired'], ownerConnection: true },
      schema: { tags: ['terms-of-use'], params: z.object({ id: z.uuid() }) },
    },
    async (req, reply) => {
      await consent(db, ctxOf(req).userId, req.params.id, req.ip);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/terms-of-use',
    {
      config: { claims: admin, ownerConnection: true },
      schema: { tags: ['terms-of-use'], response: { 200: z.array(termsOfUseVersionSchema) } },
    },
    async () => listVersions(db),
  );

  r.post(
    '/api/terms-of-use',
    {
      config: { claims: admin, ownerConnection: true },
      schema: { tags: ['terms-of-use'], body: publishTermsOfUseSchema, response: { 201: z.object({ id: z.uuid() }) } },
    },
    async (req, reply) => reply.code(201).send({ id: await publish(db, ctxOf(req).userId, req.body) }),
  );
}
