import type { InvitationPurpose, InvitationRights, InvitationRole, InvitationStatus } from '@pc/shared';

/** Company.Write or Company.WriteOwn: the claims that may speak for the own company. */
export function mayActForCompany(claims: ReadonlySet<string>) {
  return claims.has('Company.Write') || claims.has('Company.WriteOwn');
}

/**
 * Who may invite: a responsible party's user with Company.Write/WriteOwn may invite
 * a DPO; a data privacy agency's user with the same claims may invite a client company.
 */
export function inviteRights(
  claims: ReadonlySet<string>,
  own: { isResponsibleParty: boolean; isDataPrivacyAgency: boolean } | undefined,
): { canInviteDpo: boolean; canInviteClient: boolean } {
  const act = mayActForCompany(claims) && own !== undefined;
  return { canInviteDpo: act && own.isResponsibleParty, canInviteClient: act && own.isDataPrivacyAgency };
}

/**
 * The reader's rights on one invitation: the recipient accepts or declines a pending
 * one (accepting not once it has expired; accepting as client hands their company to an agency,
 * so only with Company.Write/WriteOwn); the sender's company, with Company.Write/WriteOwn, resends
 * or withdraws a pending one and deletes a pending or declined one.
 */
export function invitationRights(
  inv: { role: InvitationRole; purpose: InvitationPurpose; status: InvitationStatus; expired: boolean },
  claims: ReadonlySet<string>,
): InvitationRights {
  const { role, status, expired } = inv;
  const pending = status === 'Pending';
  const recipient = role === 'Recipient';
  const sender = role === 'Sender' && mayActForCompany(claims);
  return {
    accept: recipient && pending && !expired && (inv.purpose === 'AsDpo' || mayActForCompany(claims)),
    decline: recipient && pending,
    resend: sender && pending,
    withdraw: sender && pending,
    delete: sender && (pending || status === 'Declined'),
  };
}
