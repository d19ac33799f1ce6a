import { type Item, type ItemTypeKey, itemInputSchema, itemTypes, satisfies } from '@pc/shared';

export const routeOf = (type: ItemTypeKey): string => itemTypes.find((x) => x.key === type)!.route;

export const canReadType = (claims: readonly string[], type: ItemTypeKey) =>
  satisfies(claims, { all: [`${itemTypes.find((x) => x.key === type)!.claim}.Read`] });

export const canWriteType = (claims: readonly string[], type: ItemTypeKey) => {
  const claim = itemTypes.find((x) => x.key === type)!.claim;
  return satisfies(claims, { all: [`${claim}.Read`, `${claim}.Write`] });
};

const typeOrder = new Map(itemTypes.map((x, i) => [x.key as ItemTypeKey, i]));

/** Children of all types in one list: grouped by type in menu order, then by number. */
export function sortChildren(items: readonly Item[]): Item[] {
  return [...items].sort(
    (a, b) =>
      (typeOrder.get(a.type) ?? 0) - (typeOrder.get(b.type) ?? 0) || a.number.localeCompare(b.number, 'de', { numeric: true }),
  );
}

const NAME_MAX = 300;

/**
 * A finding's title from the audit's findings text: its first non-empty line without a list
 * marker ("- ", "• ", "1. "), cut to what an item name may hold.
 */
export function findingTitle(findings: unknown): string {
  if (typeof findings !== 'string') return '';
  const line = findings
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return '';
  const text = line.replace(/^(?:[-*•–]|\d+[.)])\s+/, '').trim();
  return text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1).trimEnd()}…` : text;
}

export type FindingKind = 'issue' | 'measure';

/** What the finding dialog edits; priority and due date only for issues, category only for measures. */
export interface FindingValues {
  name: string;
  priority: string | null;
  dueDate: string | null;
  category: string | null;
}

/** `text` (a questionnaire answer) instead of the audit's findings text gives the title. */
export function findingDefaults(audit: Pick<Item, 'data'>, text?: string): FindingValues {
  return { name: findingTitle(text ?? audit.data.findings), priority: null, dueDate: null, category: null };
}

/**
 * The create body: the new item hangs under the audit (or the service agreement a questionnaire
 * was sent for) and goes to its company.
 */
export function findingBody(
  kind: FindingKind,
  values: FindingValues,
  audit: Pick<Item, 'id' | 'companyId'> & { type?: Item['type'] },
) {
  const base = { name: values.name, parentType: audit.type ?? 'audit', parentId: audit.id, companyId: audit.companyId };
  return kind === 'issue'
    ? { ...base, dueDate: values.dueDate, data: { priority: values.priority } }
    : { ...base, data: { category: values.category } };
}

/** Where an error of the create body (client zod or server 422) shows in the dialog. */
export function findingField(path: string): keyof FindingValues | null {
  switch (path) {
    case 'name':
    case 'dueDate':
      return path;
    case 'data.priority':
      return 'priority';
    case 'data.category':
      return 'category';
    default:
      return null;
  }
}

/**
 * Validates the dialog with the type's own create schema, so the dialog can never accept what
 * the server refuses. Errors are message keys (`validation.required`) per dialog field; those
 * that belong to no field land under `_`.
 */
export function validateFinding(
  kind: FindingKind,
  values: FindingValues,
  audit: Pick<Item, 'id' | 'companyId'> & { type?: Item['type'] },
):
  | { ok: true; body: ReturnType<typeof findingBody> }
  | { ok: false; errors: Partial<Record<keyof FindingValues | '_', string>> } {
  const body = findingBody(kind, values, audit);
  const parsed = itemInputSchema(kind).safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: Partial<Record<keyof FindingValues | '_', string>> = {};
  for (const issue of parsed.error.issues) {
    const key = findingField(issue.path.join('.')) ?? '_';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
