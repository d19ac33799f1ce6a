import {
  grantableRoleSchema,
  type Invitation,
  type InvitationInput,
  invitationAcceptResultSchema,
  invitationSchema,
} from '@pc/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiRequest } from './api/api-client';
import { errorText } from './messages';
import { notify } from './notify';
import { fetchMe, setMe } from './session/session-actions';

/**
 * Invitations: the list page, the dashboard banner and tile share these calls,
 * so they live here rather than in one feature.
 */
export const invitationsKey = ['invitations'] as const;

export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: invitationsKey,
    queryFn: () => apiRequest('/invitation', { schema: z.array(invitationSchema) }),
    enabled,
  });
}

/**
 * The roles the caller's company may give a person of another tenant: an invited DPO, or one
 * already granted (user administration).
 */
export function useGrantableRoles(enabled = true) {
  return useQuery({
    queryKey: ['invitations', 'grant-roles'],
    enabled,
    queryFn: () => apiRequest('/invitation/grant-roles', { schema: z.array(grantableRoleSchema) }),
  });
}

export function createInvitation(body: InvitationInput) {
  return apiRequest('/invitation', { method: 'POST', json: body, schema: invitationSchema });
}

const at = (id: string, action: string) => `/invitation/${encodeURIComponent(id)}/${action}`;

export const invitationCalls = {
  accept: (id: string) => apiRequest(at(id, 'accept'), { method: 'POST', schema: invitationAcceptResultSchema }),
  decline: (id: string) => apiRequest(at(id, 'decline'), { method: 'POST', responseType: 'none' }),
  resend: (id: string) => apiRequest(at(id, 'resend'), { method: 'POST', schema: invitationSchema }),
  withdraw: (id: string) => apiRequest(at(id, 'withdraw'), { method: 'POST', schema: invitationSchema }),
  remove: (id: string) => apiRequest(`/invitation/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' }),
};

export type InvitationAction = 'accept' | 'decline' | 'resend' | 'withdraw' | 'remove';

/**
 * Runs one action on an invitation with its messages: accepting says what
 * changed and reloads the session (a DPO now sees the company), declining says so, failures show
 * the server's message. `busy` names the invitation and action under way.
 */
export function useInvitationActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<{ id: string; action: InvitationAction } | null>(null);

  async function run(invitation: Pick<Invitation, 'id' | 'recipient'>, action: InvitationAction) {
    setBusy({ id: invitation.id, action });
    try {
      if (action === 'accept') {
        const result = await invitationCalls.accept(invitation.id);
        notify(t(`invitation.accept.success.${result.purpose}`, { company: result.companyName }), 'success');
        // New companies to see (as DPO) or a new agency (as client): the session and lists change.
        setMe(await fetchMe());
        await client.invalidateQueries();
        return;
      }
      if (action === 'decline') {
        await invitationCalls.decline(invitation.id);
        notify(t('invitation.decline.success'), 'success');
      } else if (action === 'resend') {
        await invitationCalls.resend(invitation.id);
        notify(t('invitation.resend.success', { recipient: invitation.recipient }), 'success');
      } else if (action === 'withdraw') {
        await invitationCalls.withdraw(invitation.id);
        notify(t('invitation.withdraw.success'), 'success');
      } else {
        await invitationCalls.remove(invitation.id);
        notify(t('invitation.delete.success'), 'success');
      }
      await client.invalidateQueries({ queryKey: invitationsKey });
    } catch (error) {
      notify(errorText(t, error), 'error');
      await client.invalidateQueries({ queryKey: invitationsKey });
    } finally {
      setBusy(null);
    }
  }

  return { run, busy };
}
