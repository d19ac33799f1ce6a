import { emailChangeConfirmSchema, unsubscribeSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthDeps } from './deps';
import { confirmEmailChange, unsubscribe } from './mail-links';

/** Links in mails that work without a login (mail-links.ts). */
export function mailLinkRoutes(app: FastifyInstance, d: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public: the link in a mail is the credential; its signature proves it was ours.
  r.post(
    '/api/mail/unsubscribe',
    { config: { public: true }, schema: { tags: ['account'], body: unsubscribeSchema } },
    async (req, reply) => {
      await unsubscribe(d, req.body.email, req.body.category, req.body.signature);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/user/email-change/confirm',
    { config: { public: true }, schema: { tags: ['profile'], body: emailChangeConfirmSchema } },
    async (req, reply) => {
      await confirmEmailChange(d, req.body.userId, req.body.token);
      return reply.code(204).send();
    },
  );
}
