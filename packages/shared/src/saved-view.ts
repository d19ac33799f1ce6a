import { z } from 'zod';
import { itemTypes } from './item-types';
import { itemFilterSchema } from './items/bulk';
import { text } from './scalars';

/** The lists a saved view belongs to: every register, and the list over all service agreements. */
export const viewRegisters = [...itemTypes.map((t) => t.key), 'service-agreement'] as const;
export const viewRegisterSchema = z.enum(viewRegisters as unknown as [string, ...string[]]);
export type ViewRegister = (typeof viewRegisters)[number];

/** A column of a saved view: shown or not, and its width in pixels when the user dragged it. */
export const viewColumnSchema = z
  .object({
    field: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'validation.invalid'),
    hidden: z.boolean().optional().default(false),
    width: z.number().int().min(40, 'validation.min').max(2000, 'validation.max').nullable().optional().default(null),
  })
  .strict();
export type ViewColumn = z.infer<typeof viewColumnSchema>;

/** A view as the user saves it: the filter in the list endpoint's own query terms, the sort, the columns. */
export const savedViewInputSchema = z
  .object({
    register: viewRegisterSchema,
    name: text.trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
    filter: itemFilterSchema.omit({ dateField: true }).strict().default({}),
    sort: z.enum(['number', 'name', 'status', 'dueDate', 'createdAt', 'updatedAt', 'companyName']).default('number'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    columns: z.array(viewColumnSchema).max(60, 'validation.tooMany').default([]),
    isDefault: z.boolean().default(false),
  })
  .strict();
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

export const savedViewSchema = z.object({
  id: z.uuid(),
  register: viewRegisterSchema,
  name: z.string(),
  filter: z.record(z.string(), z.string()),
  sort: z.string(),
  dir: z.enum(['asc', 'desc']),
  columns: z.array(z.object({ field: z.string(), hidden: z.boolean(), width: z.number().int().nullable() })),
  isDefault: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuerySchema = z.object({ register: viewRegisterSchema });
