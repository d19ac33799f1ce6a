import { type PasswordCriterion, passwordCriteria, passwordCriterionKeys } from '@pc/shared';

export type CriterionKey = PasswordCriterion | 'repetition';

export interface CriterionState {
  key: CriterionKey;
  met: boolean;
}

/**
 * A password has at least 8 characters, an upper-case and a lower-case letter, a digit, a special
 * character, and an equal repetition. The rules are the shared ones the server checks too.
 */
export function passwordCriteriaState(password: string, repeated: string): CriterionState[] {
  return [
    ...passwordCriterionKeys.map((key) => ({ key, met: passwordCriteria[key](password) })),
    { key: 'repetition', met: repeated.length > 0 && password === repeated },
  ];
}
