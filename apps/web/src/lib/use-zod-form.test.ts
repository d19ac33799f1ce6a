import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api/api-error';
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
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Audit 2', note: '', parent: null });
  });
});
