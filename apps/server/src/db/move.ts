import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { cursorPages, type Db, ident, queryRows } from './types';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** Rows per round trip: a few hundred kB of JSON at most for the widest table (items). */
const BATCH = 500;

async function tablesOf(db: Db) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

async function countOf(db: Db, table: string) {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${ident(table)}`));
  return Number(row!.n);
}

/**
 * Copies a whole installation from its embedded database (PGlite in `dataDir`) into an empty
 * PostgreSQL database (no people, no companies), then counts the rows of every table on both sides. Both are migrated to
 * this version first, so the tables match column for column. The copy is one transaction on the
 * target with triggers and foreign-key checks off (`session_replication_role = replica`, which
 * needs a superuser): rows go over as they are, derived tables (statistics, search) included,
 * in any order; a failure leaves the target as empty as it was. Sequences follow their values.
 * The token secret is a row like any other, so sessions and refresh cookies stay valid.
 */
export async function moveToPostgres(opts: { dataDir: string; to: string; log?: (line: string) => void }): Promise<TableCount[]> {
  const log = opts.log ?? (() => undefined);
  const source = await openDatabase({ dataDir: opts.dataDir });
  try {
    const target = await openDatabase({ url: opts.to });
    try {
      const tables = await tablesOf(source.db);
      // Migrations fill a few catalogue tables (built-in roles, plans, settings); people and
      // companies in the target mean it is someone's installation.
      const filled = [];
      for (const table of ['app_user', 'company']) if ((await countOf(target.db, table)) > 0) filled.push(table);
      if (filled.length) throw new Error(`The target database is not empty (rows in ${filled.join(', ')}).`);

      await target.db.transaction(async (into) => {
        await into.execute(sql`set local session_replication_role = replica`);
        // The migrations' catalogue rows give way to the source's, which may have been changed since.
        await into.execute(sql.raw(`truncate table ${(await tablesOf(into)).map(ident).join(', ')}`));
        await source.db.transaction(async (from) => {
          for (const table of tables) {
            const columns = await queryRows<{ name: string }>(
              from,
              sql`select column_name as name from information_schema.columns
                  where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
                  order by ordinal_position`,
            );
            const list = columns.map((c) => ident(c.name)).join(', ');
            // Rows travel as JSON text, never parsed here: numbers and dates arrive exactly as stored.
            const rows = sql.raw(`select to_jsonb(t)::text as row from ${ident(table)} t`);
            let copied = 0;
            for await (const batch of cursorPages<{ row: string }>(from, `move_${table}`, rows, BATCH)) {
              await into.execute(
                sql`insert into ${sql.raw(ident(table))} (${sql.raw(list)}) overriding system value
                    select ${sql.raw(list)} from jsonb_populate_recordset(null::${sql.raw(ident(table))}, ${`[${batch.map((b) => b.row).join(',')}]`}::jsonb)`,
              );
              copied += batch.length;
            }
            log(`${table}: ${copied}`);
          }
          const sequences = await queryRows<{ name: string }>(
            from,
            sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
          );
          for (const { name } of sequences) {
            const [state] = await queryRows<{ value: string; called: boolean }>(
              from,
              sql.raw(`select last_value::text as value, is_called as called from ${ident(name)}`),
            );
            await into.execute(
              sql`select setval(${`public.${ident(name)}`}::regclass, ${state!.value}::bigint, ${state!.called})`,
            );
          }
        });
      });

      const counts: TableCount[] = [];
      for (const table of tables) {
        counts.push({ table, source: await countOf(source.db, table), target: await countOf(target.db, table) });
      }
      return counts;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
