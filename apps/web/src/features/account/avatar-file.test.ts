import { describe, expect, it } from 'vitest';
import { emailConfirmParams, newEmailSchema } from './avatar-file';

describe('newEmailSchema', () => {
  const issue = (value: string) => newEmailSchema('a@b.de').safeParse({ email: value }).error?.issues[0]?.message;
  it('needs an address the server takes that differs from the current one', () => {
    expect(issue('  ')).toBe('required');
    expect(issue('nope')).toBe('invalid');
    expect(issue('x@y')).toBe('invalid');
    expect(issue(`${'x'.repeat(250)}@b.de`)).toBe('invalid');
    expect(issue(' A@B.de ')).toBe('same');
    expect(newEmailSchema('a@b.de').parse({ email: ' new@b.de ' })).toEqual({ email: 'new@b.de' });
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
