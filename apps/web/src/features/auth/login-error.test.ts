import { describe, expect, it } from 'vitest';
import { TokenRequestError } from '../../lib/api/token-request';
import { loginErrorKey } from './login-error';

describe('loginErrorKey', () => {
  it('maps the error catalogue', () => {
    expect(loginErrorKey(new TokenRequestError(0, null))).toBe('api_unavailable');
    expect(loginErrorKey(new TokenRequestError(400, 'ip_not_allowed'))).toBe('ip_not_allowed');
    expect(loginErrorKey(new TokenRequestError(400, 'login_failed'))).toBe('login_failed');
    expect(loginErrorKey(new TokenRequestError(429, null))).toBe('rate_limited');
    expect(loginErrorKey(new TokenRequestError(400, 'something_else'))).toBe('login_failed');
    expect(loginErrorKey(new Error('boom'))).toBe('login_failed');
  });

  it('has no answer that tells a locked account from a wrong password', () => {
    expect(loginErrorKey(new TokenRequestError(400, 'locked_out'))).toBe('login_failed');
  });
});
