import { itemPageSchema } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });
const writer = (mode: 'fast' | 'compare', schema: unknown) => responseSerializer(mode)(route(schema) as never);

const item = {
  id: '0b7d4c3e-8f1a-4c2b-9d3e-5f6a7b8c9d0e',
  type: 'issue',
  companyId: '1c8e5d4f-9a2b-4d3c-8e4f-6a7b8c9d0e1f',
  companyName: 'Bäckerei „Schmidt“ & Söhne',
  number: 'AU-0001',
  name: 'Zeile\nzwei "zitiert" \u2028',
  description: '',
  status: 2,
  dueDate: null,
  owner: { id: '2d9f6e5a-0b3c-4e4d-9f5a-7b8c9d0e1f2a', name: 'Lea Lang' },
  assignee: null,
  parentType: null,
  parentId: null,
  tags: [],
  data: { priority: 'High', nested: { list: [1, 'zwei', null] } },
  derived: {},
  attachmentCount: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.500Z',
  rights: { read: true, write: true, delete: false },
  // Not in the schema: must not leave the server.
  searchVector: 'secret',
};

describe('answers written from their JSON Schema', () => {
  it('writes what zod writes, without the fields the schema does not declare', () => {
    const page = { items: [item, { ...item, owner: null, dueDate: '2026-12-01' }], total: 2, extra: 1 };
    const zodText = JSON.stringify(itemPageSchema.encode(page as never));
    const fast = writer('fast', itemPageSchema)(page);
    expect(fast).toBe(zodText);
    expect(fast).not.toContain('secret');
    expect(fast).not.toContain('extra');
    expect(writer('compare', itemPageSchema)(page)).toBe(zodText);
  });

  it('refuses an answer of the wrong type instead of writing it', () => {
    const bad = { items: [{ ...item, status: 'zwei' }], total: 2 };
    expect(() => writer('fast', itemPageSchema)(bad)).toThrow(/does not match its schema/);
    expect(() => writer('fast', itemPageSchema)({ items: [] })).toThrow(/does not match its schema/);
    expect(() => writer('compare', itemPageSchema)(bad)).toThrow();
  });

  it('checks nullable fields by their type, as zod does', () => {
    const fast = writer('fast', itemPageSchema);
    const one = (changes: object) => ({ items: [{ ...item, ...changes }], total: 1 });
    const linked = one({
      parentType: 'process',
      parentId: item.companyId,
      assignee: { id: item.companyId, name: 'Max Muster', email: 'nicht@senden.de' },
    });
    const text = fast(linked);
    expect(text).toBe(JSON.stringify(itemPageSchema.encode(linked as never)));
    expect(text).not.toContain('nicht@senden.de');
    expect(() => fast(one({ parentType: 'keine-art' }))).toThrow(/does not match its schema/);
    expect(() => fast(one({ owner: 'Lea Lang' }))).toThrow(/does not match its schema/);
    expect(() => fast(one({ owner: { id: item.companyId } }))).toThrow(/does not match its schema/);
    expect(() => fast(one({ parentId: 7 }))).toThrow(/does not match its schema/);
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    const at = new Date('2026-11-25T10:00:00Z');
    expect(writer('fast', schema)({ at })).toBe('{"at":"2026-11-25T10:00:00.000Z"}');
  });
});
