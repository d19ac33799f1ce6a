import { z } from 'zod';

/** One problem of one cell of an import file: the row in the file (1 = header), the column header, the value, a message key. */
export const importCellErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportCellError = z.infer<typeof importCellErrorSchema>;

export const importRowStates = ['new', 'updated', 'unchanged', 'error'] as const;

/**
 * A checked import file (the preview, or the preview after a mapping change): each column's field
 * (null: ignored), the first rows as they would be saved, every cell error (at most 1000) and the
 * counts over all rows. `importId` is what the mapping change, the error file and the commit name.
 */
export const importPreviewSchema = z.object({
  importId: z.uuid(),
  register: z.string(),
  fields: z.array(z.string()),
  /** Per column: its header, its field, and the first value of the first rows (a hint for the mapping). */
  mapping: z.array(z.object({ header: z.string(), field: z.string().nullable(), sample: z.string() })),
  rows: z.array(
    z.object({
      line: z.number().int(),
      number: z.string().nullable(),
      state: z.enum(importRowStates),
      name: z.string(),
      description: z.string(),
      dueDate: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      errors: z.array(importCellErrorSchema),
    }),
  ),
  errors: z.array(importCellErrorSchema),
  counts: z.object({ new: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), errors: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
