import { z } from 'zod';

/**
 * Placeholders a dynamic-document template may use as `{{key}}`. Labels are translation keys
 * `items.dynamicDocument.placeholder.<key>`.
 */
export const documentPlaceholderKeys = [
  'company.name',
  'company.address',
  'company.addressLine1',
  'company.addressLine2',
  'company.zipCode',
  'company.city',
  'company.email',
  'company.phone',
  'company.url',
  'dpo.name',
  'dpo.address',
  'dpo.email',
  'dpo.phone',
  'document.number',
  'document.name',
  'today',
] as const;
export type DocumentPlaceholderKey = (typeof documentPlaceholderKeys)[number];

export const documentPlaceholderSchema = z.object({ key: z.enum(documentPlaceholderKeys), token: z.string() });

/** The values of one document's placeholders; empty strings where the company has no data. */
export const documentPlaceholderValuesSchema = z.record(z.enum(documentPlaceholderKeys), z.string());
export type DocumentPlaceholderValues = Record<DocumentPlaceholderKey, string>;

export const placeholderToken = (key: DocumentPlaceholderKey) => `{{${key}}}`;

/** `{{ key }}` with optional inner spaces; keys are letters, digits and dots. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)\s*\}\}/g;

const known = new Set<string>(documentPlaceholderKeys);

/**
 * Fills a template. Unknown placeholders stay as they were written so the author notices them
 * in the result instead of finding a silent gap.
 */
export function fillPlaceholders(template: string, values: Partial<DocumentPlaceholderValues>): string {
  return template.replace(PLACEHOLDER, (whole, key: string) =>
    known.has(key) ? (values[key as DocumentPlaceholderKey] ?? '') : whole,
  );
}

/** The distinct placeholder names a template uses, known or not, in order of appearance. */
export function placeholdersIn(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1]!))];
}

export const isPlaceholderKey = (key: string): key is DocumentPlaceholderKey => known.has(key);
