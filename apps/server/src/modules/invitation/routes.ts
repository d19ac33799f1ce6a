import { grantableRoleSchema, invitationAcceptResultSchema, invitationInputSchema, invitationSchema } from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import { grantableRoles } from '../roles/service';
import {
  acceptInvitation,
  createInvitation,
  declineInvitation,
  deleteInvitation,
  type InvitationDeps,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from './service';

/**
 * Invitations between companies and DPOs or agencies and clients. Every logged-in
 * user may list theirs and answer those addressed to them; who may send is decided by the service
 * (the caller's own company and claims), and each invitation carries the reader's rights.
 */
export function invitationRoutes(app: FastifyInstance, d: InvitationDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitation'];
  const params = z.object({ id: z.uuid() });

  r.get('/api/invitation', { schema: { tags, response: { 200: z.array(invitationSchema) } } }, async (req) =>
    listInvitations(ctxOf(req), d),
  );
  // The roles an invited DPO may be given in the caller's company (the dialog's and the user
  // administration's choice): those the caller could hold out themselves.
  r.get('/api/invitation/grant-roles', { schema: { tags, response: { 200: z.array(grantableRoleSchema) } } }, async (req) =>
    grantableRoles(ctxOf(req)),
  );
  r.post(
    '/api/invitation',
    { schema: { tags, body: invitationInputSchema, response: { 201: invitationSchema } } },
    async (req, reply) => reply.code(201).send(await createInvitation(ctxOf(req), d, req.body)),
  );
  r.post(
    '/api/invitation/:id/accept',
    { schema: { tags, params, response: { 200: invitationAcceptResultSchema } } },
    async (req) => acceptInvitation(ctxOf(req), d, req.params.id),
  );
  r.post('/api/invitation/:id/decline', { schema: { tags, params } }, async (req, reply) => {
    await declineInvitation(ctxOf(req), d, req.params.id);
    return reply.code(204).send();
  });
  r.post('/api/invitation/:id/resend', { schema: { tags, params, response: { 200: invitationSchema } } }, async (req) =>
    resendInvitation(ctxOf(req), d, req.params.id),
  );
  r.post('/api/invitation/:id/withdraw', { schema: { tags, params, response: { 200: invitationSchema } } }, async (req) =>
    withdrawInvitation(ctxOf(req), d, req.params.id),
  );
  r.delete('/api/invitation/:id', { schema: { tags, params } }, async (req, reply) => {
    await deleteInvitation(ctxOf(req), d, req.params.id);
    return reply.code(204).send();
  });
}
