import { z } from 'zod';
import type { ItemTypeKey } from '../item-types';
import { calendarDate, dateTime, text } from '../scalars';

export const tagTypes = ['person-groups', 'data-categories', 'process-categories'] as const;
export type TagType = (typeof tagTypes)[number];

/**
 * A type-specific field. Labels are translation keys `items.field.<key>`; option labels
 * `items.option.<options>.<value>`. The same declaration drives server validation, the
 * generic form and the list columns.
 */
export type FieldDef =
  | { key: string; kind: 'text'; required?: boolean; max?: number }
  | { key: string; kind: 'textarea'; required?: boolean; max?: number; rows?: number }
  | { key: string; kind: 'date'; required?: boolean }
  | { key: string; kind: 'datetime'; required?: boolean }
  | { key: string; kind: 'number'; required?: boolean; min?: number; max?: number; integer?: boolean }
  | { key: string; kind: 'boolean' }
  | { key: string; kind: 'select'; options: string; values: readonly string[]; required?: boolean }
  | { key: string; kind: 'multiselect'; options: string; values: readonly string[] }
  | { key: string; kind: 'tags'; tagType: TagType }
  | { key: string; kind: 'links'; itemType: ItemTypeKey; max?: number }
  | { key: string; kind: 'list'; of: readonly FieldDef[] };

function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      const s = text.trim().max(f.max ?? (f.kind === 'text' ? 500 : 20_000), 'validation.tooLong');
      return f.required ? s.min(1, 'validation.required') : s.optional().default('');
    }
    case 'date':
      return f.required ? calendarDate : calendarDate.nullable().optional().default(null);
    case 'datetime':
      return f.required ? dateTime : dateTime.nullable().optional().default(null);
    case 'number': {
      let n = z.number({ message: 'validation.number' });
      if (f.integer) n = n.int('validation.integer');
      if (f.min !== undefined) n = n.min(f.min, 'validation.min');
      if (f.max !== undefined) n = n.max(f.max, 'validation.max');
      return f.required ? n : n.nullable().optional().default(null);
    }
    case 'boolean':
      return z.boolean().optional().default(false);
    case 'select': {
      const e = z.enum(f.values as [string, ...string[]], { message: 'validation.option' });
      return f.required ? e : e.nullable().optional().default(null);
    }
    case 'multiselect':
      return z
        .array(z.enum(f.values as [string, ...string[]], { message: 'validation.option' }))
        .max(f.values.length)
        .optional()
        .default([]);
    case 'tags':
      return z.array(z.uuid()).max(500).optional().default([]);
    case 'links':
      return z
        .array(z.uuid())
        .max(f.max ?? 500, 'validation.tooMany')
        .optional()
        .default([]);
    case 'list':
      return z.array(objectSchema(f.of)).max(200).optional().default([]);
  }
}

function objectSchema(fields: readonly FieldDef[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f)])));
}

/** The zod schema of a type's `data`, unknown keys stripped. */
export function dataSchema(fields: readonly FieldDef[]) {
  return objectSchema(fields);
}
