import { sql } from 'drizzle-orm';
import { bigint, customType, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files in the database (PostgreSQL only; PGlite keeps them on disk): one row per content hash
 * (SHA-256, hex) with its size; `hash` is null while an upload is being written. No company data:
 * the rows that reference a hash decide who may read it, and pc_app has no access.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    hash: text('hash'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stored_file_hash_uq').on(t.hash)],
);

/** A file's bytes in order, 256 kB a chunk, so no file is ever read or written whole. */
export const storedFileChunk = pgTable(
  'stored_file_chunk',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'stored_file_chunk_pk', columns: [t.fileId, t.seq] })],
);
