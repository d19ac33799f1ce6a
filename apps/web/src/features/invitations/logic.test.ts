import type { Invitation } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { defaultPurpose, statusText } from './logic';

const t = (key: string, o?: Record<string, string>) => (o ? `${key}(${Object.values(o).join(',')})` : key);
const invitation = (over: Partial<Invitation>): Invitation => ({
  id: '00000000-0000-4000-8000-000000000001',
  role: 'Sender',
  purpose: 'AsDpo',
  companyName: 'Fremdfirma AG',
  sender: 'Otto Fremd',
  recipient: 'a@b.de',
  grantRoleIds: [],
  grantRoleNames: [],
  message: '',
  creationDate: '2026-11-20T10:00:00Z',
  sentDate: '2026-11-20T10:00:00Z',
  status: 'Pending',
  responseDate: null,
  expiresAt: '2026-12-04T10:00:00Z',
  expired: false,
  rights: { accept: false, decline: false, resend: true, withdraw: true, delete: true },
  ...over,
});

describe('invitations', () => {
  it('default to AsClient only for a user who may invite clients alone', () => {
    expect(defaultPurpose({ canInviteDpo: false, canInviteClient: true })).toBe('AsClient');
    expect(defaultPurpose({ canInviteDpo: true, canInviteClient: true })).toBe('AsDpo');
    expect(defaultPurpose({ canInviteDpo: true, canInviteClient: false })).toBe('AsDpo');
  });

  it('say the status with its response date, and expired for a pending one past its expiry', () => {
    expect(statusText(t, invitation({}))).toBe('invitation.status.Pending');
    expect(statusText(t, invitation({ expired: true }))).toBe('invitation.status.Expired');
    expect(statusText(t, invitation({ status: 'Declined', responseDate: '2026-11-22T09:00:00Z' }))).toBe(
      'invitation.status.answeredOn(invitation.status.Declined,22.11.2026)',
    );
  });
});
