import { z } from 'zod';

/**
 * A 422's per-field messages are message keys (`validation.required`) that the web app translates
 * into the user's language; a library's own English text ("Invalid input: expected string,
 * received undefined") must never reach a user. Every zod issue without a message of its own
 * schema gets one of these generic keys, each translated in both web catalogues.
 */
export const genericValidationKeys = [
  'validation.required',
  'validation.invalid',
  'validation.number',
  'validation.integer',
  'validation.min',
  'validation.max',
  'validation.tooLong',
  'validation.tooShort',
  'validation.tooMany',
  'validation.tooFew',
  'validation.email',
  'validation.date',
  'validation.dateTime',
  'validation.option',
  'validation.unknownField',
] as const;
export type GenericValidationKey = (typeof genericValidationKeys)[number];

/** A message key (`validation.tooLong`, `password.criteria.uppercase`), not prose. */
export const isMessageKey = (message: string) => /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(message);

type Issue = z.core.$ZodRawIssue;

/** The generic key for a zod issue that its schema gave no message of its own. */
export function validationKey(issue: Issue): GenericValidationKey {
  const origin = 'origin' in issue ? String(issue.origin ?? '') : '';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'validation.required';
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'validation.integer';
      return issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint'
        ? 'validation.number'
        : 'validation.invalid';
    case 'too_big':
      if (origin === 'string') return 'validation.tooLong';
      if (origin === 'array' || origin === 'set' || origin === 'file') return 'validation.tooMany';
      return 'validation.max';
    case 'too_small':
      if (origin === 'string') return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.tooShort';
      if (origin === 'array' || origin === 'set') return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.tooFew';
      return 'validation.min';
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'date') return 'validation.date';
      if (issue.format === 'datetime') return 'validation.dateTime';
      return 'validation.invalid';
    case 'not_multiple_of':
      return issue.divisor === 1 ? 'validation.integer' : 'validation.number';
    case 'invalid_value':
      return 'validation.option';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}

let installed = false;
/** Makes `validationKey` zod's message for every issue its schema did not word itself. */
export function installValidationMessages() {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => validationKey(issue) });
}
