import { describe, expect, it } from 'vitest';
import { changePasswordSchema, resetPasswordSchema } from './account';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('password forms', () => {
  it('call an empty repetition required, a different one a mismatch', () => {
    const change = { existingPassword: 'alt', newPassword: 'Neu-Pass1!' };
    expect(messages(changePasswordSchema.safeParse({ ...change, newPasswordRepeated: '' })).newPasswordRepeated).toBe(
      'validation.required',
    );
    expect(messages(changePasswordSchema.safeParse({ ...change, newPasswordRepeated: 'Neu-Pass2!' })).newPasswordRepeated).toBe(
      'password.mismatch',
    );
    const reset = { token: 't', userId: '00000000-0000-4000-8000-000000000001', password: 'Neu-Pass1!' };
    expect(messages(resetPasswordSchema.safeParse({ ...reset, passwordRepeated: '' })).passwordRepeated).toBe(
      'validation.required',
    );
  });
});
