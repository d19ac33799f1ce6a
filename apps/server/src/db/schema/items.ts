import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser, company } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Every compliance item of every type: common columns here, type-specific fields in
 * `data`, validated by the type's declaration in @pc/shared.
 */
export const item = pgTable(
  'item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    number: integer('number').notNull(),
    numberLabel: text('number_label').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    ownerId: uuid('owner_id').references(() => appUser.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => appUser.id, { onDelete: 'set null' }),
    parentType: text('parent_type'),
    parentId: uuid('parent_id').references((): AnyPgColumn => item.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('german', coalesce(number_label, '') || ' ' || coalesce(name, '') || ' ' || coalesce(description, ''))`,
    ),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => appUser.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => appUser.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('item_number_uq').on(t.companyId, t.type, t.number),
    index('item_type_company_status_due_idx').on(t.type, t.companyId, t.status, t.dueDate),
    index('item_type_company_due_idx').on(t.type, t.companyId, t.dueDate, t.id),
    index('item_type_company_name_idx').on(t.type, t.companyId, sql`lower(${t.name})`),
    index('item_assignee_idx').on(t.assigneeId),
    index('item_owner_idx').on(t.ownerId),
    index('item_parent_idx').on(t.parentId),
    // Search (docs/decisions/0014): whole text, name alone, exact name, number-label prefix, typos.
    index('item_search_idx').using('gin', t.search),
    index('item_name_search_idx').using('gin', sql`to_tsvector('german'::regconfig, ${t.name})`),
    index('item_name_lower_idx').on(sql`lower(${t.name})`),
    index('item_number_label_idx').on(sql`lower(${t.numberLabel}) text_pattern_ops`),
    index('item_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('item_data_idx').using('gin', sql`${t.data} jsonb_path_ops`),
  ],
);

/** Last number handed out per company and type; the upsert serialises concurrent creates. */
export const itemCounter = pgTable(
  'item_counter',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.type] })],
);

export const itemHistory = pgTable(
  'item_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    action: text('action', { enum: ['created', 'updated', 'deleted', 'imported', 'restored'] }).notNull(),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
  },
  (t) => [index('item_history_item_idx').on(t.itemId, t.at), index('item_history_company_at_idx').on(t.companyId, t.at)],
);

export const tag = pgTable(
  'tag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['person-groups', 'data-categories', 'process-categories'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('tag_company_type_idx').on(t.companyId, t.type),
    uniqueIndex('tag_name_uq').on(t.companyId, t.type, sql`lower(${t.name})`),
    // Search finds items by their tags' names (pc_search_candidates): without these it computed
    // every visible tag's German text vector per search, 8 ms for an agency's 2,000 tags on PGlite.
    index('tag_name_lower_idx').on(sql`lower(${t.name})`),
    index('tag_name_search_idx').using('gin', sql`to_tsvector('german'::regconfig, ${t.name})`),
  ],
);

export const attachment = pgTable(
  'attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'cascade' }),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachment_item_idx').on(t.itemId),
    index('attachment_company_idx').on(t.companyId, t.createdAt),
    index('attachment_file_name_trgm_idx').using('gin', sql`${t.fileName} gin_trgm_ops`),
  ],
);

/**
 * The words of item names per company (kept by a trigger on `item`, migration 0013): which of the
 * words `search_term` offers for a typo a company of the scope uses (docs/decisions/0014).
 */
export const searchWord = pgTable(
  'search_word',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.companyId] })],
);

/**
 * Each word of `search_word` once, over all tenants, so that a typo is matched by trigram against
 * distinct words, not against a word's copy in each of a thousand companies (migration 0026).
 * Only the security-definer search and trigger functions read or write it; row-level security
 * without a policy keeps it from `pc_app`, since it holds words of every tenant's names.
 */
export const searchTerm = pgTable('search_term', { word: text('word').primaryKey() }, (t) => [
  index('search_term_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Reusable text snippets (id number, name). */
export const textModule = pgTable(
  'text_module',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /** Raised by a trigger on every update; a form sends it back (If-Match) so a save based on an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('text_module_company_idx').on(t.companyId)],
);

/**
 * Item counts per company, type, status and due date, kept by a trigger on `item` (migration
 * 0008), so dashboard statistics add up a few thousand rows instead of scanning every item.
 */
export const itemStat = pgTable(
  'item_stat',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: smallint('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    n: integer('n').notNull(),
  },
  (t) => [unique('item_stat_key').on(t.companyId, t.type, t.status, t.dueDate).nullsNotDistinct()],
);

/**
 * Every move of an item between item_stat's rows, signed and timed (migration 0064's trigger):
 * today's item_stat minus the events since an instant is the state then (docs/decisions/0073).
 */
export const itemEvent = pgTable(
  'item_event',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date', { mode: 'string' }),
    dTotal: smallint('d_total').notNull(),
    dOpen: smallint('d_open').notNull(),
  },
  (t) => [index('item_event_company_at_idx').on(t.companyId, t.at), index('item_event_item_idx').on(t.itemId)],
);

/**
 * An import file read and checked but not yet written: the cells as parsed (never evaluated),
 * the header row and the column mapping. Its id is only good for the user who uploaded it.
 */
export const pendingImport = pgTable(
  'pending_import',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<string[][]>().notNull(),
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_import_company_idx').on(t.companyId, t.userId)],
);

/**
 * The column mapping a user last chose for a register's import in a company: normalised header →
 * field key, or null for a column they ignore.
 */
export const importMapping = pgTable(
  'import_mapping',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'import_mapping_pk', columns: [t.companyId, t.userId, t.type] })],
);
