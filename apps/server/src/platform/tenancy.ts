import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import { beginTransaction, type OwnerDb } from '../db/client';
import { arrayParam, type Db, queryRows } from '../db/types';

export type CompanyLink = { id: string; parent_id: string | null; is_active: boolean };
export type VisibleCompanies = { ids: string[]; anyActive: boolean; tree: { id: string; parentId: string | null }[] };

/**
 * Companies a user may see: their own company and explicit grants, expanded to the children of
 * groups and the clients of agencies, transitively; and whether one of them is active: a
 * deactivated company blocks the users who belong only to it, while someone who also
 * looks after active companies keeps working. Runs on every request, so it is one statement:
 * `pc_visible_companies` (migration 0025) expands level by level inside the database (a
 * recursive CTE joining on `parent_id = v.id or agency_id = v.id` cannot hash the OR and took
 * ~200 ms for an agency with a thousand clients; one statement per level cost a round trip
 * each). The authentication reads the same in its own statement (auth/plugin.ts).
 */
export async function visibleCompanies(db: Db, userId: string): Promise<VisibleCompanies> {
  const rows = await queryRows<CompanyLink>(
    db,
    sql`select id::text, parent_id::text, is_active from pc_visible_companies(${userId}::uuid)`,
  );
  return toVisible(rows);
}

export function toVisible(links: readonly CompanyLink[]): VisibleCompanies {
  return {
    ids: links.map((c) => c.id),
    anyActive: links.some((c) => c.is_active),
    tree: links.map((c) => ({ id: c.id, parentId: c.parent_id })),
  };
}

export async function visibleCompanyIds(db: Db, userId: string): Promise<string[]> {
  return (await visibleCompanies(db, userId)).ids;
}

export async function hasActiveVisibleCompany(db: Db, userId: string): Promise<boolean> {
  return (await visibleCompanies(db, userId)).anyActive;
}

const wholeTenant = new WeakSet<readonly string[]>();

/**
 * Marks a request's scope as every company the caller sees, i.e. the very set row-level
 * security reads from `app.company_ids` (the platform passes the same list to both).
 */
export function tenantWide(ids: readonly string[]): readonly string[] {
  wholeTenant.add(ids);
  return ids;
}

/**
 * The X-Tenant scope as a condition on `column`; none when the scope is the whole tenant, which
 * row-level security already enforces on every statement. An agency sees a thousand companies:
 * `company_id in ($1 … $1000)` cost a thousand parameters and their planning on each statement
 * for rows the policy keeps out anyway (docs/decisions/0027). Any other list (an X-Tenant scope,
 * a copy such as `[companyId]`) stays a condition, so a forgotten mark only costs time.
 */
export function inScope(column: AnyColumn, ids: readonly string[]): SQL | undefined {
  return wholeTenant.has(ids) ? undefined : inArray(column, [...ids]);
}

/** The same for hand-written SQL: `expr = any(ids)`, or `true` for the whole tenant. */
export function inScopeSql(expr: SQL, ids: readonly string[]): SQL {
  return wholeTenant.has(ids) ? sql`true` : sql`${expr} = any(${arrayParam(ids)}::uuid[])`;
}

/** The scope company and its descendants (a group scope covers its children). */
export function scopeCompanyIds(scopeId: string, companies: readonly { id: string; parentId: string | null }[]): string[] {
  const out = new Set([scopeId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of companies) {
      if (c.parentId && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return [...out];
}

/** A transaction opened for one request; the platform ends it before the answer is sent. */
export interface TenantTransaction {
  db: Db;
  /** Makes companies created by this request visible to it (RLS reads the setting per statement). */
  addCompanies(ids: readonly string[]): Promise<void>;
  /** Work that must wait until the request's writes are committed (mail delivery). */
  afterCommit(fn: () => void): void;
  /** Commits (true) or rolls back (false); rejects when the commit fails. */
  end(commit: boolean): Promise<void>;
  /**
   * Made read only by its first statement (the database refuses writes from then on): nothing
   * it did can be lost, so its end need not hold up the answer.
   */
  readOnly: boolean;
}

/** The statement that makes a transaction the tenant's (role pc_app, user, companies). */
const tenantSetup = (userId: string, companyIds: readonly string[]) =>
  sql`select set_config('app.company_ids', ${companyIds.join(',')}, true), set_config('app.user_id', ${userId}, true), set_config('role', 'pc_app', true)`;

/**
 * Opens the request's transaction under the role pc_app with the user's id and visible
 * companies set once: row-level security then holds for every statement of the handler, and
 * nothing the handler writes is visible to others (or acknowledged) before the commit.
 */
export async function openTenantTransaction(
  owner: OwnerDb,
  who: { userId: string; companyIds: readonly string[] },
): Promise<TenantTransaction> {
  const { tx } = await openTransactionWith(owner, async (tx) => {
    await tx.execute(tenantSetup(who.userId, who.companyIds));
    return { value: undefined, companyIds: who.companyIds };
  });
  return tx;
}

/**
 * The same, with the set-up done by `setup`: its first statement runs as the owner and must
 * end in the tenant's settings (the authentication does, so a request needs no statement of its
 * own for them), and in `transaction_read_only` when `opts.readOnly` says so. A `setup` that
 * throws rolls back and rejects the open.
 */
export async function openTransactionWith<T>(
  owner: OwnerDb,
  setup: (tx: Db) => Promise<{ value: T; companyIds: readonly string[] }>,
  opts: { readOnly?: boolean } = {},
): Promise<{ tx: TenantTransaction; value: T }> {
  const open = await beginTransaction(owner, setup);
  const tx = open.tx;
  let companyIds = [...open.value.companyIds];
  const after: (() => void)[] = [];
  return {
    value: open.value.value,
    tx: {
      db: tx,
      async addCompanies(ids) {
        companyIds = [...new Set([...companyIds, ...ids])];
        await tx.execute(sql`select set_config('app.company_ids', ${companyIds.join(',')}, true)`);
      },
      afterCommit: (fn) => void after.push(fn),
      async end(commit) {
        await open.end(commit);
        if (commit) for (const fn of after) fn();
      },
      readOnly: opts.readOnly === true,
    },
  };
}
