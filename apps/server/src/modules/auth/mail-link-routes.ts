import {
  emailChangeConfirmSchema,
  invitationRegisterSchema,
  invitationTokenInfoSchema,
  invitationTokenParamsSchema,
  unsubscribeSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale';
import type { AuthDeps } from './deps';
import { invitationTokenInfo, registerFromInvitation } from './invitation-links';
import { confirmEmailChange, unsubscribe } from './mail-links';

/**
 * Links in mails that work without a login (mail-links.ts). Those whose token is the credential
 * are limited per address as the password reset link is (`rateLimit` a minute): guessing or
 * replaying tokens, and registering from one link after another, stay slow.
 */
export function mailLinkRoutes(app: FastifyInstance, d: AuthDeps & { rateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { public: true, rateLimit: { max: d.rateLimit, timeWindow: '1 minute' } };
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
    { config: limited, schema: { tags: ['profile'], body: emailChangeConfirmSchema } },
    async (req, reply) => {
      await confirmEmailChange(d, req.body.userId, req.body.token);
      return reply.code(204).send();
    },
  );

  // Public: the invitation mail's link (the token is the credential; invitation-links.ts).
  r.get(
    '/api/invitation/token/:token',
    {
      config: limited,
      schema: { tags: ['invitation'], params: invitationTokenParamsSchema, response: { 200: invitationTokenInfoSchema } },
    },
    async (req) => invitationTokenInfo(d, req.params.token),
  );
  r.post(
    '/api/invitation/token/:token/register',
    {
      config: limited,
      schema: { tags: ['invitation'], params: invitationTokenParamsSchema, body: invitationRegisterSchema },
    },
    async (req, reply) => {
      await registerFromInvitation(d, req.params.token, req.body, requestLocale(req), req.ip);
      return reply.code(204).send();
    },
  );
}
