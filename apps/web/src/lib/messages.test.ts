import { passwordCriterionKeys, securityEventTypes } from '@pc/shared';
import { describe, expect, it, vi } from 'vitest';
import { catalogT } from '../test-support';
import { ApiError } from './api/api-error';
import { applyFieldErrors, errorText, messageText, mfaErrorKey } from './messages';

describe('account messages', () => {
  it('translate every key the shared schemas and the server answer with, in both languages', async () => {
    for (const language of ['de', 'en'] as const) {
      const t = await catalogT(language);
      const keys = [
        ...passwordCriterionKeys.map((k) => `password.criteria.${k}`),
        'password.tooLong',
        'password.mismatch',
        'password.wrongExisting',
        'password.sameAsOld',
        'mfa.codeInvalid',
        'mfa.codeReused',
        'mfa.codeFormat',
        'validation.required',
        'validation.date',
        'validation.vatNumber',
      ];
      for (const key of keys) {
        const text = messageText(t, key);
        expect(text, key).not.toBe(key);
        expect(text, key).not.toBe(t('common.unexpectedError'));
      }
      expect(messageText(t, 'something.unknown')).toBe(t('common.unexpectedError'));
      expect(messageText(t, undefined)).toBeUndefined();
    }
  });

  it('has the spec keys and a label for every security event type', async () => {
    const t = await catalogT('de');
    for (const key of ['user.mfa.authenticator.error', 'changePassword.snackbar.error']) expect(t(key)).not.toBe(key);
    for (const type of securityEventTypes) expect(t(`account.securityLog.type.${type}`)).not.toContain('account.');
  });

  it('puts 422 field messages onto the fields that exist', () => {
    const setError = vi.fn();
    const error = new ApiError(422, 'validation_failed', 'x', {
      existingPassword: ['password.wrongExisting'],
      other: ['ignored'],
    });
    expect(applyFieldErrors(error, setError, ['existingPassword', 'newPassword'])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'existingPassword',
      { type: 'server', message: 'password.wrongExisting' },
      { shouldFocus: true },
    );
    expect(applyFieldErrors(new ApiError(400, 'validation_failed', 'x'), setError, ['existingPassword'])).toBe(false);
  });

  it('maps MFA failures and general errors', async () => {
    expect(mfaErrorKey(new ApiError(0, 'api_unavailable', 'x'))).toBe('login.error.api_unavailable');
    expect(mfaErrorKey(new ApiError(422, 'validation_failed', 'x'))).toBe('user.mfa.authenticator.error');
    const reused = mfaErrorKey(new ApiError(422, 'mfa_code_reused', 'x', { code: ['mfa.codeReused'] }));
    expect((await catalogT('de'))(reused)).toBe('Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code.');
    expect((await catalogT('en'))(reused)).toBe('This code has already been used. Please wait for the next code.');
    const t = await catalogT('en');
    expect(errorText(t, new ApiError(400, 'validation_failed', 'The link is invalid.'))).toBe('The link is invalid.');
    expect(errorText(t, new ApiError(503, 'http_503', 'x'))).toBe(t('login.error.api_unavailable'));
    expect(errorText(t, new Error('boom'))).toBe(t('common.unexpectedError'));
    expect(errorText(t, new Error('boom'), 'The report failed.')).toBe('The report failed.');
    expect(errorText(t, new ApiError(503, 'http_503', 'x'), 'The report failed.')).toBe(t('login.error.api_unavailable'));
  });
});
