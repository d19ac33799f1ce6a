import { describe, expect, it } from 'vitest';
import { passwordCriteriaState } from './password-criteria';

const met = (password: string, repeated = password) =>
  Object.fromEntries(passwordCriteriaState(password, repeated).map((c) => [c.key, c.met]));

describe('passwordCriteriaState', () => {
  it('ticks each rule on its own', () => {
    expect(met('', '')).toEqual({
      minLength: false,
      uppercase: false,
      lowercase: false,
      digit: false,
      special: false,
      repetition: false,
    });
    expect(met('abcdefgh', 'x')).toMatchObject({ minLength: true, lowercase: true, uppercase: false, repetition: false });
    expect(met('Ä1!')).toMatchObject({ uppercase: true, digit: true, special: true, minLength: false, repetition: true });
  });

  it('is all met for a good password repeated exactly', () => {
    expect(Object.values(met('Neues-Passwort1'))).toEqual([true, true, true, true, true, true]);
    expect(met('Neues-Passwort1', 'Neues-Passwort2').repetition).toBe(false);
  });
});
