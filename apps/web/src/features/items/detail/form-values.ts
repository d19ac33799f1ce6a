import { type FieldDef, type Item, type ItemTypeKey, itemTypeDefs } from '@pc/shared';

/** What the form edits: the create/update body (itemInputSchema) before validation. */
export interface ItemFormValues {
  name: string;
  description: string;
  status: number;
  dueDate: string | null;
  ownerId: string | null;
  assigneeId: string | null;
  parentType: string | null;
  parentId: string | null;
  companyId?: string;
  data: Record<string, unknown>;
}

/** The empty value of a field as the form holds it. */
export function emptyValue(f: FieldDef): unknown {
  switch (f.kind) {
    case 'text':
    case 'textarea':
      return '';
    case 'boolean':
      return false;
    case 'multiselect':
    case 'tags':
    case 'links':
    case 'list':
      return [];
    case 'number':
      // Bounded scales (likelihood 1–4) start at their lowest step.
      return f.required && f.min !== undefined ? f.min : null;
    default:
      return null;
  }
}

/** A new entry of a list field (a risk, a participant, a section). */
export function emptyRow(fields: readonly FieldDef[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.key, emptyValue(f)]));
}

function fill(fields: readonly FieldDef[], data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = data[f.key];
      if (f.kind === 'list') {
        const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
        return [f.key, rows.map((r) => fill(f.of, r ?? {}))];
      }
      return [f.key, v === undefined ? emptyValue(f) : v];
    }),
  );
}

/** Form values of an existing item, or of a new one (company preselected). */
export function formValuesOf(type: ItemTypeKey, item: Item | null, companyId?: string): ItemFormValues {
  const fields = itemTypeDefs[type].fields;
  if (!item) {
    return {
      name: '',
      description: '',
      status: 0,
      dueDate: null,
      ownerId: null,
      assigneeId: null,
      parentType: null,
      parentId: null,
      ...(companyId ? { companyId } : {}),
      data: fill(fields, {}),
    };
  }
  return {
    name: item.name,
    description: item.description,
    status: item.status,
    dueDate: item.dueDate,
    ownerId: item.owner?.id ?? null,
    assigneeId: item.assignee?.id ?? null,
    parentType: item.parentType,
    parentId: item.parentId,
    data: fill(fields, item.data),
  };
}

const coreKeys = new Set(['name', 'description', 'status', 'dueDate', 'ownerId', 'assigneeId']);

/**
 * Splits a 422 `fields` map into errors the form can show at a field and the rest (shown in an
 * alert): core fields, `companyId` when the form has it, and `data.<field>…` of the type.
 */
export function splitServerErrors(
  type: ItemTypeKey,
  fields: Record<string, string[]>,
  options: { hasCompany: boolean },
): { atField: [string, string][]; other: [string, string][] } {
  const atField: [string, string][] = [];
  const other: [string, string][] = [];
  for (const [path, messages] of Object.entries(fields)) {
    (isFormField(type, path, options) ? atField : other).push([path, messages[0] ?? 'validation.invalid']);
  }
  return { atField, other };
}

/** Whether the form shows a field for a server path (core fields, the company when chosen, the type's data). */
export function isFormField(type: ItemTypeKey, path: string, options: { hasCompany: boolean }): boolean {
  const [head, key] = path.split('.');
  if (coreKeys.has(path) || (path === 'companyId' && options.hasCompany)) return true;
  return head === 'data' && !!key && itemTypeDefs[type].fields.some((f) => f.key === key);
}

/** Types whose due date follows from the law and is set by the server. */
export const ruledDueDate = (type: ItemTypeKey) => itemTypeDefs[type].deadline.kind !== 'manual';
