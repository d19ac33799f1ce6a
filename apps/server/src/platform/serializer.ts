import { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * How answers are written (docs/decisions/0027, "Answers written from their JSON Schema").
 * - `fast`: fast-json-stringify writes the fields the route's response schema declares, and
 *   nothing else, after an ajv check of their types, required fields and enumerations (not of
 *   string patterns: uuids and timestamps come from the database). zod's encode took the
 *   largest share of a list page's own time and built a full copy of every answer.
 * - `compare` (the test suites): zod's encode, as before, and a check that the fast path
 *   accepts the answer and writes exactly the same text; any difference fails the request.
 * A schema JSON Schema cannot express (a transform) keeps zod's encode either way.
 */
export type ResponseCheck = 'fast' | 'compare';

type JsonSchema = { [key: string]: unknown };

/** The schema without what zod's strip allows (extra keys) and without string patterns. */
function typesOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(typesOnly);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' || key === 'format' || key === '$schema') continue;
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = typesOnly(value);
  }
  return out;
}

/**
 * zod writes a nullable field as `anyOf: [schema, {type: 'null'}]`. Both ajv and
 * fast-json-stringify try an `anyOf` branch by branch, and each branch that does not fit leaves
 * an error object behind (ajv) or runs a validator of its own (fast-json-stringify): for a page of
 * 50 items with empty owners and parents, a sixth of what the whole request allocated. As
 * `type: [T, 'null']` both decide by the value's type. Branches with `const` keep their `anyOf`.
 */
function nullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableTypes);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableTypes(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nullAt = branches.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
  const other = branches[1 - nullAt] as JsonSchema | undefined;
  if (nullAt < 0 || !other || typeof other.type !== 'string' || 'const' in other || 'anyOf' in other) return out;
  const { anyOf: _, ...rest } = out;
  return {
    ...rest,
    ...other,
    type: [other.type, 'null'],
    ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}),
  };
}

const ajv = new Ajv({ strict: false, validateFormats: false });

type FastWriter = { check: ReturnType<typeof ajv.compile>; write: (data: unknown) => string };

/**
 * Compiled once per schema and process, on first use: compiling every route's schema when an app
 * starts took two seconds, and the test suites start an app per file (the shared schemas are the
 * same objects in every app of a process). `null`: JSON Schema cannot express it.
 */
const writers = new WeakMap<ZodType, FastWriter | null>();

function writerOf(schema: ZodType): FastWriter | null {
  let writer = writers.get(schema);
  if (writer === undefined) {
    try {
      const json = nullableTypes(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as JsonSchema;
      writer = {
        check: ajv.compile(typesOnly(json) as JsonSchema),
        write: fastJson(json as unknown as Parameters<typeof fastJson>[0]),
      };
    } catch {
      writer = null;
    }
    writers.set(schema, writer);
  }
  return writer;
}

export function responseSerializer(mode: ResponseCheck): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodWrite = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema;
    if (!(schema instanceof z.ZodType)) return zodWrite;
    const where = `${route.method} ${route.url} (${route.httpStatus})`;
    const fast = (data: unknown) => {
      const writer = writerOf(schema);
      if (!writer) return zodWrite(data);
      if (!writer.check(data)) {
        throw new Error(`${where}: the answer does not match its schema: ${ajv.errorsText(writer.check.errors)}`);
      }
      return writer.write(data);
    };
    if (mode === 'fast') return fast;
    return (data) => {
      const checked = zodWrite(data);
      const written = fast(data);
      if (written !== checked) throw new Error(`${where}: fast-json-stringify wrote ${written}, zod ${checked}`);
      return checked;
    };
  };
}
