import { zodResolver } from '@hookform/resolvers/zod';
import { installValidationMessages } from '@pc/shared';
import { useState } from 'react';
import { type FieldValues, get, type Path, type Resolver, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from './messages';

// A schema check in the browser words its issues as the server does: message keys the
// catalogues translate (validation.required …), never zod's English.
installValidationMessages();

export interface ZodFormOptions<T extends FieldValues> extends Omit<UseFormProps<T>, 'resolver'> {
  /** What a valid submit does. A throw lands on the fields (422) or becomes `failure`. */
  onSubmit: (values: T) => unknown;
  /** Server paths that name a field differently (`parentItemId` → `parent`); unknown ones give undefined. */
  fieldOf?: (path: string) => Path<T> | null | undefined;
  /**
   * A failed submit, told whether a field took the server's message. Without it, a failure no
   * field took becomes `failure` for the form to show.
   */
  onFailure?: (error: unknown, onFields: boolean) => void;
  /** Values the schema rejects, after the fields show why (a long form adds a snackbar). */
  onInvalid?: () => void;
  /** The submit button stays disabled until the values pass the schema (spec 000 §2 forgot password). */
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
}

/**
 * The one submit path of every form: schema check, then `onSubmit`; a 422's field messages land
 * on the fields that exist, everything else goes to `onFailure` or `setFailure`. Kept apart from
 * the hook so it runs against a plain form control in unit tests.
 */
export function formSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError' | 'getValues'>,
  options: Pick<ZodFormOptions<T>, 'onSubmit' | 'fieldOf' | 'onFailure' | 'onInvalid'>,
  setFailure: (failure: unknown) => void,
): ZodForm<T>['submit'] {
  // A field exists when the form holds a value for it (null counts; an optional field not shown does not).
  const fieldOf =
    options.fieldOf ?? ((path: string) => (get(form.getValues(), path) !== undefined ? (path as Path<T>) : undefined));
  return form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await options.onSubmit(values);
    } catch (error) {
      const onFields = applyFieldErrors(error, form.setError, fieldOf);
      if (options.onFailure) options.onFailure(error, onFields);
      else if (!onFields) setFailure(error);
    }
  }, options.onInvalid);
}

/** react-hook-form with the shared zod schema as resolver, submit busy, 422 mapping and disabled-until-valid. */
export function useZodForm<T extends FieldValues>(schema: z.ZodType, options: ZodFormOptions<T>): ZodForm<T> {
  const { onSubmit, fieldOf, onFailure, onInvalid, disableUntilValid, ...formOptions } = options;
  // The schemas' input and output types differ (defaults, transforms); the form holds the input.
  const resolver = zodResolver(schema as never) as unknown as Resolver<T>;
  const form = useForm<T>({ ...formOptions, resolver });
  const [failure, setFailure] = useState<unknown>(null);
  const busy = form.formState.isSubmitting;
  // Read isValid only when it matters: reading it makes react-hook-form validate on every change.
  const canSubmit = !busy && (!disableUntilValid || form.formState.isValid);
  const submit = formSubmit(form, { onSubmit, fieldOf, onFailure, onInvalid }, setFailure);
  return { ...form, submit, busy, canSubmit, failure };
}
