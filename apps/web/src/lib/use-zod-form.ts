import { zodResolver } from '@hookform/resolvers/zod';
import { installValidationMessages } from '@pc/shared';
import { useCallback, useRef, useState } from 'react';
import {
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { isVersionConflict } from './api/api-error';
import { applyFieldErrors } from './messages';
import { askConflict, conflictFields } from './record-conflict';

/** What a form that edits a stored record needs for saves based on the version it loaded. */
export interface FormVersioning<T extends FieldValues, R> {
  /** The record as the form loaded it (null while creating one); its `version` goes along as If-Match. */
  record: (R & { version?: number }) | null;
  /** The form values of a record the server answered (the current one after a conflict). */
  valuesOf: (record: R) => T;
  /** A field's label in the conflict dialog. */
  labelOf: (path: string) => string;
  /** A value as the conflict dialog shows it (default: the text, or the number of entries of a list). */
  displayOf?: (path: string, value: unknown) => string;
}

/** Passed to `onSubmit`: the version the change is based on, for the update's If-Match. */
export interface SubmitMeta {
  ifMatch?: number;
}

// A schema check in the browser words its issues as the server does: message keys the
// catalogues translate (validation.required …), never zod's English.
installValidationMessages();

export interface ZodFormOptions<T extends FieldValues> extends Omit<UseFormProps<T>, 'resolver'> {
  /**
   * What a valid submit does. A throw lands on the fields (422) or becomes `failure`. With
   * `versioning`, pass `meta.ifMatch` to the update and return the saved record: its version is
   * what the next save is based on.
   */
  onSubmit: (values: T, meta: SubmitMeta) => unknown;
  /**
   * The form edits a stored record: saves carry the version it loaded, and a save someone else's
   * got ahead of opens the conflict dialog (theirs against mine, field by field) instead of
   * overwriting their values.
   */
  versioning?: FormVersioning<T, any>;
  /** Server paths that name a field differently (`parentItemId` → `parent`); unknown ones give undefined. */
  fieldOf?: (path: string) => Path<T> | null | undefined;
  /**
   * A failed submit, told whether a field took the server's message. Without it, a failure no
   * field took becomes `failure` for the form to show.
   */
  onFailure?: (error: unknown, onFields: boolean) => void;
  /** Values the schema rejects, after the fields show why (a long form adds a snackbar). */
  onInvalid?: () => void;
  /** The submit button stays disabled until the values pass the schema (as on the forgot-password form). */
  disableUntilValid?: boolean;
}

export interface ZodForm<T extends FieldValues> extends UseFormReturn<T> {
  /** For `onSubmit` of the form element: validates, runs `onSubmit`, maps a 422. */
  submit: ReturnType<UseFormReturn<T>['handleSubmit']>;
  /** A submit is running: the frame blocks closing, buttons and fields wait. */
  busy: boolean;
  /** Whether the submit button is enabled. */
  canSubmit: boolean;
  /** The last failure no field took (null while none or while submitting again). */
  failure: unknown;
  /** Puts a record the form now edits into it: its values, and its version for the next save. */
  resetTo: (record: { version?: number }) => void;
}

/** Where the version a form's next save is based on is kept. */
interface VersionRef {
  current: number | undefined;
}

/** Default display of a value in the conflict dialog. */
function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => displayValue(v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The one submit path of every form: schema check, then `onSubmit`; a 422's field messages land
 * on the fields that exist, everything else goes to `onFailure` or `setFailure`. Kept apart from
 * the hook so it runs against a plain form control in unit tests.
 */
export function formSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError' | 'getValues'> &
    Partial<Pick<UseFormReturn<T>, 'reset' | 'setValue' | 'control'>>,
  options: Pick<ZodFormOptions<T>, 'onSubmit' | 'fieldOf' | 'onFailure' | 'onInvalid' | 'versioning'>,
  setFailure: (failure: unknown) => void,
  version: VersionRef = { current: undefined },
): ZodForm<T>['submit'] {
  // A field exists when the form holds a value for it (null counts; an optional field not shown does not).
  const fieldOf =
    options.fieldOf ?? ((path: string) => (get(form.getValues(), path) !== undefined ? (path as Path<T>) : undefined));
  const submit: ZodForm<T>['submit'] = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await options.onSubmit(values, { ifMatch: options.versioning ? version.current : undefined });
      const savedVersion = (saved as { version?: unknown } | null | undefined)?.version;
      if (typeof savedVersion === 'number') version.current = savedVersion;
    } catch (error) {
      if (options.versioning && isVersionConflict(error) && form.reset && form.setValue && form.control) {
        await resolveConflict(form as ConflictForm<T>, options.versioning, values, error.current, version, submit);
        return;
      }
      const onFields = applyFieldErrors(error, form.setError, fieldOf);
      if (options.onFailure) options.onFailure(error, onFields);
      else if (!onFields) setFailure(error);
    }
  }, options.onInvalid);
  return submit;
}

type ConflictForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'reset' | 'setValue' | 'control'>;

/**
 * Someone saved the record after this form loaded it. The dialog lists the fields where their
 * version differs from the user's values; "reload" takes theirs, otherwise the user's values of
 * the fields they keep go on top of theirs and the form saves again, now based on the current
 * version. When nothing the form holds differs, it simply saves again on the current version.
 */
async function resolveConflict<T extends FieldValues>(
  form: ConflictForm<T>,
  versioning: FormVersioning<T, any>,
  mine: T,
  current: { version?: number },
  version: VersionRef,
  submit: ZodForm<T>['submit'],
) {
  const theirs = versioning.valuesOf(current);
  // What the form loaded (or last saved): its values since the last reset.
  const base = form.control._defaultValues;
  const fields = conflictFields(theirs, mine, base);
  const currentVersion = typeof current.version === 'number' ? current.version : undefined;
  if (fields.length === 0) {
    version.current = currentVersion;
    await submit();
    return;
  }
  const choice = await askConflict({
    fields,
    labelOf: versioning.labelOf,
    displayOf: versioning.displayOf ?? ((_path, value) => displayValue(value)),
  });
  if (!choice) return;
  version.current = currentVersion;
  form.reset(theirs);
  if (choice.kind === 'reload') return;
  for (const f of fields) {
    if (choice.mine.has(f.path))
      form.setValue(f.path as Path<T>, f.mine as PathValue<T, Path<T>>, { shouldDirty: true, shouldTouch: true });
  }
  if (choice.mine.size > 0) await submit();
}

/** react-hook-form with the shared zod schema as resolver, submit busy, 422 mapping and disabled-until-valid. */
export function useZodForm<T extends FieldValues>(schema: z.ZodType, options: ZodFormOptions<T>): ZodForm<T> {
  const { onSubmit, fieldOf, onFailure, onInvalid, disableUntilValid, versioning, ...formOptions } = options;
  // The schemas' input and output types differ (defaults, transforms); the form holds the input.
  const resolver = zodResolver(schema as never) as unknown as Resolver<T>;
  const form = useForm<T>({ ...formOptions, resolver });
  const [failure, setFailure] = useState<unknown>(null);
  const busy = form.formState.isSubmitting;
  // Read isValid only when it matters: reading it makes react-hook-form validate on every change.
  const canSubmit = !busy && (!disableUntilValid || form.formState.isValid);
  // The version of what the form holds: the record it loaded, then each record it saved.
  const version = useRef<number | undefined>(versioning?.record?.version);
  const submit = formSubmit(form, { onSubmit, fieldOf, onFailure, onInvalid, versioning }, setFailure, version);
  const valuesOf = useRef(versioning?.valuesOf);
  valuesOf.current = versioning?.valuesOf;
  const { reset } = form;
  const resetTo = useCallback(
    (record: { version?: number }) => {
      version.current = record.version;
      if (valuesOf.current) reset(valuesOf.current(record));
    },
    [reset],
  );
  return { ...form, submit, busy, canSubmit, failure, resetTo };
}
