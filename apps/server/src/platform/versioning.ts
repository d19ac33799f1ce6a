import type { SwaggerTransform } from '@fastify/swagger';
import { ifMatchHeaders } from '@pc/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { type Db, queryRows } from '../db/types';
import { AppError } from './errors';

/**
 * Optimistic concurrency for records edited in forms. Each such table has a `version` column that
 * a trigger raises on every update; a record's GET and PUT answer it as the ETag, and an update
 * that sends If-Match with any other version changes nothing and answers 409 version_conflict
 * with the record as it is now. An update without If-Match applies as before: API clients that
 * never read a record first keep working (docs/decisions/0037-record-versions.md).
 */
export type VersionedTable =
  | 'item'
  | 'company'
  | 'app_user'
  | 'role'
  | 'project'
  | 'time_record'
  | 'appointment'
  | 'text_module'
  | 'tag';

export const etagOf = (version: number) => `"${version}"`;

/**
 * The versions an If-Match header names: `*` (any), a list of strong ETags, or null when the
 * header is absent. A weak ETag never matches (If-Match compares strongly), nor does anything
 * that is no ETag of ours.
 */
export function ifMatchOf(req: FastifyRequest): '*' | number[] | null {
  const header = req.headers['if-match'];
  if (header === undefined) return null;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return '*';
  const versions: number[] = [];
  for (const part of value.split(',')) {
    const m = /^"(\d{1,9})"$/.exec(part.trim());
    if (m) versions.push(Number(m[1]));
  }
  return versions;
}

/** The current version of a row the caller may see, locked until the request's transaction ends. */
async function lockedVersion(db: Db, table: VersionedTable, id: string | number): Promise<number | null> {
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`select version from ${sql.identifier(table)} where id = ${id} for update`,
  );
  return row ? Number(row.version) : null;
}

/**
 * Before an update: when the request names the version it is based on and that is not the
 * current one, throws 409 version_conflict carrying `current()` (the record as its GET answers
 * it). The row stays locked until the transaction ends, so two updates based on the same version
 * cannot both pass. A record the caller cannot see is left to the update (404 as before).
 */
export async function checkVersion(
  req: FastifyRequest,
  db: Db,
  table: VersionedTable,
  id: string | number,
  current: () => Promise<object | undefined>,
): Promise<void> {
  const wanted = ifMatchOf(req);
  if (wanted === null) return;
  const version = await lockedVersion(db, table, id);
  if (version === null || wanted === '*' || wanted.includes(version)) return;
  // Out of the caller's scope although visible: the update answers that (404) as before.
  const record = await current();
  if (record === undefined) return;
  throw new AppError(409, 'version_conflict', 'error.versionConflict', { current: record });
}

/** The record's current version, for answers whose body does not carry it. */
export async function versionOf(db: Db, table: VersionedTable, id: string | number): Promise<number | null> {
  const [row] = await queryRows<{ version: number }>(db, sql`select version from ${sql.identifier(table)} where id = ${id}`);
  return row ? Number(row.version) : null;
}

/** Sets the ETag of a record's version (taken from the body when it carries one) and returns the body. */
export function withEtag<T>(reply: FastifyReply, body: T, version?: number | null): T {
  const v = version ?? (body as { version?: unknown } | null)?.version;
  if (typeof v === 'number') reply.header('ETag', etagOf(v));
  return body;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a versioned record with its ETag (documented as a response header). */
    etag?: boolean;
  }
}

const ETAG_HEADER = {
  ETag: {
    type: 'string',
    description: 'The version of the record (e.g. "7"); send it back as If-Match with the next update.',
  },
};

/**
 * Adds the ETag response header to the OpenAPI document of every route that answers one: those
 * marked `etag` (a record's GET) and every update that takes If-Match (its 200 and its 409).
 */
export function documentEtags<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (args) => {
    const out = transform(args);
    const versioned = args.route.config?.etag === true || args.route.schema?.headers === ifMatchHeaders;
    const response = out.schema.response as Record<string, Record<string, unknown>> | undefined;
    if (!versioned || !response) return out;
    const withHeader = Object.fromEntries(
      Object.entries(response).map(([code, schema]) =>
        code === '200' || code === '409' ? [code, { ...schema, headers: ETAG_HEADER }] : [code, schema],
      ),
    );
    return { ...out, schema: { ...out.schema, response: withHeader } };
  };
}
