import {
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookUpdate,
  webhookCreatedSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from '@pc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GridDefaults, GridView } from '../../../components/data-grid/use-server-grid';
import { apiRequest } from '../../../lib/api/api-client';

export const webhookKeys = {
  all: ['webhook'] as const,
  list: ['webhook', 'list'] as const,
  deliveries: (id: string, page: number, pageSize: number) => ['webhook', 'deliveries', id, page, pageSize] as const,
};

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: () => apiRequest('/webhook', { schema: webhookListSchema }) });
}

export function createWebhook(body: WebhookInput): Promise<WebhookCreated> {
  return apiRequest('/webhook', { method: 'POST', json: body, schema: webhookCreatedSchema });
}

export function updateWebhook(id: string, body: WebhookUpdate) {
  return apiRequest(`/webhook/${id}`, { method: 'PATCH', json: body, schema: webhookSchema });
}

export function deleteWebhook(id: string): Promise<void> {
  return apiRequest(`/webhook/${id}`, { method: 'DELETE', responseType: 'none' });
}

export function resendDelivery(id: string, deliveryId: string): Promise<WebhookDelivery> {
  return apiRequest(`/webhook/${id}/deliveries/${deliveryId}/resend`, { method: 'POST', schema: webhookDeliverySchema });
}

/** The delivery log opens on the newest deliveries of the endpoint named in the URL (`endpoint`). */
export const deliveryDefaults: GridDefaults = { pageSize: 25, sort: '', dir: 'desc', filters: { endpoint: '' } };

/** One page of an endpoint's delivery log (the query `useServerGrid` runs); nothing without an endpoint. */
export function deliveryQuery(view: GridView) {
  const id = view.filters.endpoint ?? '';
  return queryOptions({
    queryKey: webhookKeys.deliveries(id, view.page, view.pageSize),
    queryFn: ({ signal }) =>
      apiRequest(`/webhook/${id}/deliveries?page=${view.page}&pageSize=${view.pageSize}`, {
        schema: webhookDeliveryPageSchema,
        signal,
      }),
    enabled: id !== '',
    // Pending deliveries change as the worker sends them.
    refetchInterval: 5_000,
  });
}
