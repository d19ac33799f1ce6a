import { describe, expect, it } from 'vitest';
import { checkNewEmail, emailConfirmParams } from './avatar-file';

describe('checkNewEmail', () => {
  it('needs a plausible address that differs from the current one', () => {
    expect(checkNewEmail('  ', 'a@b.de')).toEqual({ ok: false, error: 'required' });
    expect(checkNewEmail('nope', 'a@b.de')).toEqual({ ok: false, error: 'invalid' });
    expect(checkNewEmail('x@y', 'a@b.de')).toEqual({ ok: false, error: 'invalid' });
    expect(checkNewEmail(' A@B.de ', 'a@b.de')).toEqual({ ok: false, error: 'same' });
    expect(checkNewEmail('new@b.de', 'a@b.de')).toEqual({ ok: true });
  });
});

describe('emailConfirmParams', () => {
  const user = '0b0d4f3e-6a2b-4c1d-9e8f-1a2b3c4d5e6f';
  it('reads token and user from the link', () => {
    expect(emailConfirmParams(`?confirmEmail=t%2Bk&user=${user}`)).toEqual({ token: 't+k', userId: user });
    expect(emailConfirmParams(`?user=${user}&confirmEmail=12345`)).toEqual({ token: '12345', userId: user });
  });
  it('ignores incomplete or malformed links', () => {
    expect(emailConfirmParams('')).toBeNull();
    expect(emailConfirmParams('?confirmEmail=tok')).toBeNull();
    expect(emailConfirmParams(`?confirmEmail=&user=${user}`)).toBeNull();
    expect(emailConfirmParams('?confirmEmail=tok&user=x')).toBeNull();
  });
});
