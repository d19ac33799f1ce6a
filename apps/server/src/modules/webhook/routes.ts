import {
  webhookCreatedSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@pc/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/plugin';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  updateWebhook,
  type WebhookDeps,
} from './service';

/** Outgoing webhooks of the request's companies, for their administrators. */
export function webhookRoutes(app: FastifyInstance, d: WebhookDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { claims: { all: ['Administration.Access'] } };
  const idParams = z.object({ id: z.uuid() });

  r.post(
    '/api/webhook',
    {
      config: admins,
      schema: {
        tags: ['webhook'],
        summary: 'Register an endpoint; its signing secret is answered this once',
        body: webhookInputSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createWebhook(d, ctxOf(req), req.body, req.ip)),
  );

  r.get('/api/webhook', { config: admins, schema: { tags: ['webhook'], response: { 200: webhookListSchema } } }, async (req) =>
    listWebhooks(ctxOf(req)),
  );

  r.patch(
    '/api/webhook/:id',
    {
      config: admins,
      schema: {
        tags: ['webhook'],
        summary: 'Change the address, the events or the pause of an endpoint; company and secret stay',
        params: idParams,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema },
      },
    },
    async (req) => updateWebhook(d, ctxOf(req), req.params.id, req.body, req.ip),
  );

  r.delete('/api/webhook/:id', { config: admins, schema: { tags: ['webhook'], params: idParams } }, async (req, reply) => {
    await deleteWebhook(ctxOf(req), req.params.id, req.ip);
    return reply.code(204).send();
  });

  r.get(
    '/api/webhook/:id/deliveries',
    {
      config: admins,
      schema: {
        tags: ['webhook'],
        params: idParams,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (req) => listDeliveries(ctxOf(req), req.params.id, req.query),
  );

  r.post(
    '/api/webhook/:id/deliveries/:deliveryId/resend',
    {
      config: admins,
      schema: {
        tags: ['webhook'],
        summary: 'Send a delivery again (and start a paused endpoint again)',
        params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
        response: { 201: webhookDeliverySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await resendDelivery(d, ctxOf(req), req.params.id, req.params.deliveryId)),
  );
}
