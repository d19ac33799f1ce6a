import type { JsonSchema, Operation, Parts, Pools } from './openapi-walk';
import { poolFor } from './openapi-walk';

/** One place of a request that a mutation can spoil. */
type Slot =
  | { kind: 'path' | 'query'; name: string; schema: JsonSchema }
  | { kind: 'header'; name: string }
  | { kind: 'body'; at: string[]; schema: JsonSchema }
  | { kind: 'raw' }
  | { kind: 'file' };

const MISSING = Symbol('missing');
const huge = 'x'.repeat(1_000_000);
const impossibleDates = [
  '2026-02-30',
  '0000-00-00',
  '2026-13-01',
  '0101-01-01',
  '9999-12-31',
  '2026-02-30T00:00:00Z',
  '2026-02-30 00:00:00',
];

function bodySlots(s: JsonSchema, at: string[], out: Slot[]) {
  out.push({ kind: 'body', at, schema: s });
  const inner = s.anyOf?.[0] ?? s;
  if (inner.type === 'object') for (const [k, v] of Object.entries(inner.properties ?? {})) bodySlots(v, [...at, k], out);
  if (inner.type === 'array' && inner.items) bodySlots(inner.items, [...at, '0'], out);
}

export function slots(op: Operation): Slot[] {
  const out: Slot[] = op.params.map((p) => ({ kind: p.in, name: p.name, schema: p.schema }));
  for (const name of ['authorization', 'x-tenant', 'accept-language']) out.push({ kind: 'header', name });
  if (op.body) {
    bodySlots(op.body, [], out);
    out.push({ kind: 'raw' }, { kind: 'header', name: 'content-type' });
  }
  if (op.form) out.push({ kind: 'raw' }, { kind: 'header', name: 'content-type' });
  if (op.multipart) out.push({ kind: 'file' }, { kind: 'header', name: 'content-type' });
  return out;
}

/** Bad values for a value of this schema; `pos` places NUL and surrogates inside a valid string. */
function badValues(s: JsonSchema, foreignIds: (string | number)[], pos: number): unknown[] {
  const inner = s.anyOf?.[0] ?? s;
  const common: unknown[] = [MISSING, null, { nested: true }, ['list']];
  const splice = (bad: string) => {
    const base = 'Eintrag';
    const i = pos % (base.length + 1);
    return base.slice(0, i) + bad + base.slice(i);
  };
  switch (inner.type) {
    case 'string': {
      const vals: unknown[] = [...common, 42, true, '', ' ', splice('\u0000'), splice('\uD800'), splice('\uDFFF'), huge];
      if (inner.enum) vals.push('no-such-value', String(inner.enum[0]).toUpperCase());
      if (inner.format === 'uuid' || foreignIds.length) {
        vals.push('not-a-uuid', '00000000-0000-0000-0000-000000000000', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
        vals.push(...foreignIds.slice(0, 3));
      }
      if (inner.format?.startsWith('date') || inner.pattern?.startsWith('^\\d{4}')) vals.push(...impossibleDates);
      return vals;
    }
    case 'integer':
    case 'number': {
      const lo = inner.minimum ?? 0;
      const hi = inner.maximum ?? 0;
      return [
        ...common,
        'abc',
        '1',
        -1,
        lo - 1,
        hi + 1,
        1.5,
        1e308,
        -1e308,
        2 ** 31,
        2 ** 53 + 2,
        -(2 ** 63),
        ...foreignIds.slice(0, 1),
      ];
    }
    case 'boolean':
      return [...common, 'true', 1, 0];
    case 'array':
      return [MISSING, null, 'x', 42, {}, Array.from({ length: 10_000 }, () => 'x'), [null], [huge]];
    case 'object':
      return [MISSING, null, 'x', 42, [], { unknownField: '\u0000' }];
    default:
      return common;
  }
}

function setAt(root: unknown, at: string[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  const container: Record<string, unknown> | unknown[] =
    root && typeof root === 'object'
      ? Array.isArray(root)
        ? [...root]
        : { ...(root as Record<string, unknown>) }
      : head === '0'
        ? []
        : {};
  const current = (container as Record<string, unknown>)[head!];
  const next = setAt(current, rest, value);
  if (next === MISSING) delete (container as Record<string, unknown>)[head!];
  else (container as Record<string, unknown>)[head!] = next;
  return container;
}

export interface Mutation {
  slot: number;
  value: number;
  pos: number;
}

/** The request with one place made bad; answers also a label for failure messages. */
export function mutate(op: Operation, parts: Parts, m: Mutation, foreign: Pools): { parts: Parts; label: string } {
  const all = slots(op);
  const slot = all[m.slot % all.length]!;
  const out: Parts = { ...parts, pathParams: { ...parts.pathParams }, query: { ...parts.query }, headers: { ...parts.headers } };
  const pick = <T>(vals: T[]) => vals[m.value % vals.length]!;
  switch (slot.kind) {
    case 'path':
    case 'query': {
      const foreignIds = poolFor(foreign, op, [slot.name]) ?? [];
      const v = pick(badValues(slot.schema, foreignIds, m.pos).filter((x) => slot.kind === 'query' || x !== MISSING));
      const target = slot.kind === 'path' ? out.pathParams : out.query;
      if (v === MISSING) delete target[slot.name];
      // A path segment cannot be empty or carry an object; its string form is what a client could send.
      else target[slot.name] = slot.kind === 'path' && (v === '' || typeof v === 'object') ? JSON.stringify(v) : v;
      return { parts: out, label: `${slot.kind} ${slot.name} = ${preview(v)}` };
    }
    case 'header': {
      const byHeader: Record<string, (string | undefined)[]> = {
        authorization: [undefined, 'Bearer garbage', 'Basic YTpi', `Bearer ${'x'.repeat(10_000)}`],
        'x-tenant': ['not-a-uuid', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', ...foreign.companyIds.slice(0, 2), ''],
        'accept-language': ['xx', 'de'.repeat(5000), '*;q=abc', ''],
        'content-type': ['text/plain', 'application/xml', 'multipart/form-data', 'application/json; charset=utf-16'],
      };
      const v = pick(byHeader[slot.name]!);
      if (v === undefined) delete out.headers[slot.name];
      else out.headers[slot.name] = v;
      return { parts: out, label: `header ${slot.name} = ${preview(v)}` };
    }
    case 'raw': {
      const v = pick(['', '{', 'null', '[]', '"text"', '{"a":1,}', '\u0000', 'x'.repeat(2_000_000)]);
      out.rawBody = v;
      delete out.file;
      return { parts: out, label: `raw body ${preview(v)}` };
    }
    case 'file': {
      const f = parts.file!;
      const files = [
        undefined,
        { ...f, name: `bild\u0000.png` },
        { ...f, name: `${'a'.repeat(5000)}.png` },
        { ...f, mime: 'application/x-msdownload', name: 'tool.exe' },
        { ...f, content: Buffer.alloc(0) },
        { ...f, content: Buffer.from('not an image at all') },
      ];
      out.file = pick(files);
      if (!out.file) out.body = {};
      return {
        parts: out,
        label: `file ${out.file ? `${preview(out.file.name)} ${out.file.mime} ${out.file.content.length} bytes` : 'missing'}`,
      };
    }
    case 'body': {
      const foreignIds =
        poolFor(
          foreign,
          op,
          slot.at.filter((x) => x !== '0'),
        ) ?? [];
      const v = pick(badValues(slot.schema, foreignIds, m.pos));
      out.body = setAt(parts.body, slot.at, v);
      if (out.body === MISSING) out.body = undefined;
      return { parts: out, label: `body ${slot.at.join('.') || '(root)'} = ${preview(v)}` };
    }
  }
}

function preview(v: unknown): string {
  if (v === MISSING) return '(missing)';
  const s = typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v));
  return s.length > 60 ? `${s.slice(0, 60)}… (${s.length} chars)` : s;
}
