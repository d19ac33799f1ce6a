import type { Invitation, InvitationPurpose } from '@pc/shared';
import { formatDate } from '../../lib/format';

/** Status with its response date, "expired" for a pending one past its expiry. */
export function statusText(t: (key: string, o?: Record<string, string>) => string, row: Invitation): string {
  if (row.status === 'Pending') return row.expired ? t('invitation.status.Expired') : t('invitation.status.Pending');
  return t('invitation.status.answeredOn', {
    status: t(`invitation.status.${row.status}`),
    date: formatDate(row.responseDate),
  });
}

/** The default purpose: AsClient when the user may only invite clients, otherwise AsDpo. */
export function defaultPurpose(rights: { canInviteDpo: boolean; canInviteClient: boolean }): InvitationPurpose {
  return rights.canInviteClient && !rights.canInviteDpo ? 'AsClient' : 'AsDpo';
}
