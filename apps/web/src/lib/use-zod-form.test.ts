import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api/api-error';
import { type ConflictRequest, conflictStore, defaultKept } from './record-conflict';
import { formSubmit } from './use-zod-form';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  note: z.string(),
  parent: z.string().nullable(),
});
type Values = z.infer<typeof schema>;

function form(values: Partial<Values> = {}) {
  return createFormControl<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: 'Audit', note: '', parent: null, ...values },
  });
}

describe('form submit', () => {
  it('checks the schema first and calls nothing with invalid values', async () => {
    const f = form({ name: ' ' });
    const onSubmit = vi.fn();
    await formSubmit(f, { onSubmit }, vi.fn())();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(f.getFieldState('name').error?.message).toBe('validation.required');
  });

  it('words an issue its schema gave no message as a translated key, not zod English', async () => {
    const bare = z.object({ count: z.number(), kind: z.enum(['a', 'b']) });
    const f = createFormControl<{ count: number; kind: 'a' | 'b' }>({
      resolver: zodResolver(bare),
      defaultValues: { count: 'x' as unknown as number, kind: 'c' as 'a' },
    });
    await formSubmit(f, { onSubmit: vi.fn() }, vi.fn())();
    expect(f.getFieldState('count').error?.message).toBe('validation.number');
    expect(f.getFieldState('kind').error?.message).toBe('validation.option');
  });

  it("puts a 422's messages onto the fields that exist and shows no failure", async () => {
    const f = form();
    const setFailure = vi.fn();
    const error = new ApiError(422, 'validation_failed', 'Invalid', {
      name: ['validation.duplicate'],
      parent: ['validation.invalid'],
      unknown: ['ignored'],
    });
    await formSubmit(f, { onSubmit: () => Promise.reject(error) }, setFailure)();
    expect(f.getFieldState('name').error).toMatchObject({ type: 'server', message: 'validation.duplicate' });
    expect(f.getFieldState('parent').error?.message).toBe('validation.invalid');
    expect(setFailure).toHaveBeenCalledTimes(1);
    expect(setFailure).toHaveBeenCalledWith(null);
  });

  it('hands a failure no field took to the form, or to onFailure when given', async () => {
    const conflict = new ApiError(409, 'conflict', 'Taken');
    const setFailure = vi.fn();
    await formSubmit(form(), { onSubmit: () => Promise.reject(conflict) }, setFailure)();
    expect(setFailure).toHaveBeenLastCalledWith(conflict);

    const elsewhere = new ApiError(422, 'validation_failed', 'Invalid', { 'body.other': ['validation.invalid'] });
    const onFailure = vi.fn();
    const quiet = vi.fn();
    await formSubmit(form(), { onSubmit: () => Promise.reject(elsewhere), onFailure }, quiet)();
    expect(onFailure).toHaveBeenCalledWith(elsewhere, false);
    expect(quiet).not.toHaveBeenCalledWith(elsewhere);
  });

  it('maps server paths through fieldOf', async () => {
    const f = form();
    const onFailure = vi.fn();
    const error = new ApiError(422, 'validation_failed', 'Invalid', { parentItemId: ['validation.invalid'] });
    const fieldOf = (path: string) => (path === 'parentItemId' ? ('parent' as const) : undefined);
    await formSubmit(f, { onSubmit: () => Promise.reject(error), fieldOf, onFailure }, vi.fn())();
    expect(f.getFieldState('parent').error?.message).toBe('validation.invalid');
    expect(onFailure).toHaveBeenCalledWith(error, true);
  });

  it('passes the parsed values on success', async () => {
    const onSubmit = vi.fn();
    await formSubmit(form({ name: '  Audit 2 ' }), { onSubmit }, vi.fn())();
    // Without versioning no version goes along.
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Audit 2', note: '', parent: null }, { ifMatch: undefined });
  });
});

describe('a save someone else got ahead of', () => {
  const current = { version: 5, name: 'Audit 2026', note: 'theirs', parent: null };
  const conflict = () => {
    const error = new ApiError(409, 'version_conflict', 'Saved in between');
    error.current = current;
    return error;
  };
  const versioning = {
    record: { version: 4 },
    valuesOf: ({ name, note, parent }: Values) => ({ name, note, parent }),
    labelOf: (p: string) => p,
  };
  /** The dialog's answer, given once it asks. */
  const answer = (choice: Parameters<ConflictRequest['resolve']>[0]) =>
    new Promise<ConflictRequest>((resolve) => {
      const stop = conflictStore.subscribe(() => {
        const request = conflictStore.getState().request;
        if (!request) return;
        stop();
        resolve(request);
        request.resolve(choice);
      });
    });

  it('sends the loaded version, lists theirs against mine, keeps what the user changed and saves on the current version', async () => {
    const f = form({ note: 'loaded' });
    f.setValue('note', 'mine', { shouldDirty: true });
    const onSubmit = vi.fn().mockRejectedValueOnce(conflict()).mockResolvedValueOnce({ version: 6 });
    const asked = answer({ kind: 'keep', mine: new Set(['note']) });
    await formSubmit(f, { onSubmit, versioning }, vi.fn(), { current: 4 })();
    const request = await asked;
    expect(request.fields).toEqual([
      { path: 'name', theirs: 'Audit 2026', mine: 'Audit', mineChanged: false },
      { path: 'note', theirs: 'theirs', mine: 'mine', mineChanged: true },
    ]);
    expect(defaultKept(request.fields)).toEqual(new Set(['note']));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ ifMatch: 4 });
    expect(onSubmit.mock.calls[1]).toEqual([{ name: 'Audit 2026', note: 'mine', parent: null }, { ifMatch: 5 }]);
  });

  it('reload takes their values and saves nothing', async () => {
    const f = form({ note: 'loaded' });
    f.setValue('note', 'mine', { shouldDirty: true });
    const onSubmit = vi.fn().mockRejectedValueOnce(conflict());
    const version = { current: 4 };
    const asked = answer({ kind: 'reload' });
    await formSubmit(f, { onSubmit, versioning }, vi.fn(), version)();
    await asked;
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(f.getValues()).toEqual({ name: 'Audit 2026', note: 'theirs', parent: null });
    expect(version.current).toBe(5);
  });

  it('saves again on the current version without asking when nothing the form holds differs', async () => {
    const f = form({ name: 'Audit 2026', note: 'theirs' });
    const onSubmit = vi.fn().mockRejectedValueOnce(conflict()).mockResolvedValueOnce({ version: 6 });
    const version = { current: 4 };
    await formSubmit(f, { onSubmit, versioning }, vi.fn(), version)();
    expect(conflictStore.getState().request).toBeNull();
    expect(onSubmit.mock.calls.map((c) => c[1])).toEqual([{ ifMatch: 4 }, { ifMatch: 5 }]);
    expect(version.current).toBe(6);
  });
});
