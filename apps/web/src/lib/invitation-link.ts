import { type InvitationRegister, invitationTokenInfoSchema } from '@pc/shared';
import { apiRequest } from './api/api-client';

/** The invitation mail's link, without a login (kept apart from lib/invitations: no query client on public pages). */
export function invitationTokenInfo(token: string) {
  return apiRequest(`/invitation/token/${encodeURIComponent(token)}`, { schema: invitationTokenInfoSchema, auth: false });
}

export function registerFromInvitation(token: string, body: InvitationRegister) {
  return apiRequest(`/invitation/token/${encodeURIComponent(token)}/register`, {
    method: 'POST',
    json: body,
    auth: false,
    responseType: 'none',
  });
}
