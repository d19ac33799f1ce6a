import { createStore } from './create-store';

/** One field that differs between the record as saved by someone else ("theirs") and the form ("mine"). */
export interface ConflictField {
  path: string;
  theirs: unknown;
  mine: unknown;
  /** The user changed this field since loading (else only the other side did). */
  mineChanged: boolean;
}

/** What the user chose: take the current record as it is, or keep their own value of these fields. */
export type ConflictChoice = { kind: 'reload' } | { kind: 'keep'; mine: ReadonlySet<string> };

export interface ConflictRequest {
  fields: ConflictField[];
  labelOf: (path: string) => string;
  displayOf: (path: string, value: unknown) => string;
  /** Closing without a choice leaves the form as it is (null). */
  resolve: (choice: ConflictChoice | null) => void;
}

/** The one conflict dialog of the app, mounted once (loaded on the first conflict). */
export const conflictStore = createStore<{ request: ConflictRequest | null; requested: boolean }>({
  request: null,
  requested: false,
});

/** Opens the conflict dialog and waits for the user's choice. */
export function askConflict(request: Omit<ConflictRequest, 'resolve'>): Promise<ConflictChoice | null> {
  return new Promise((resolve) => {
    conflictStore.setState({
      requested: true,
      request: {
        ...request,
        resolve: (choice) => {
          conflictStore.setState({ request: null });
          resolve(choice);
        },
      },
    });
  });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Leaf values by dotted path (objects are walked, arrays are values). */
export function flatten(values: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isPlainObject(values)) {
    if (prefix) out.set(prefix, values);
    return out;
  }
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) for (const [p, v] of flatten(value, path)) out.set(p, v);
    else out.set(path, value);
  }
  return out;
}

/** Empty text, null, undefined and an empty list are the same "nothing" in a form. */
function normal(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (Array.isArray(v) && v.length === 0) return null;
  return v;
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));

/**
 * The fields a conflict is about: those where the current record differs from what the user is
 * saving. `base` is what the form loaded, to tell whether the user changed a field themselves.
 * Fields the form does not hold (`mine` has no such path) are not the user's to decide.
 */
export function conflictFields(theirs: unknown, mine: unknown, base: unknown): ConflictField[] {
  const t = flatten(theirs);
  const m = flatten(mine);
  const b = flatten(base);
  const fields: ConflictField[] = [];
  for (const [path, mineValue] of m) {
    if (!t.has(path)) continue;
    const theirsValue = t.get(path);
    if (sameValue(theirsValue, mineValue)) continue;
    fields.push({ path, theirs: theirsValue, mine: mineValue, mineChanged: !sameValue(mineValue, b.get(path)) });
  }
  return fields;
}

/** The fields whose own value is kept when the user does not choose: those they changed. */
export const defaultKept = (fields: readonly ConflictField[]) => new Set(fields.filter((f) => f.mineChanged).map((f) => f.path));
