import { sql } from 'drizzle-orm';
import type { OwnerDb } from '../db/client';
import { type Db, queryRows } from '../db/types';

type CompanyLink = { id: string; parent_id: string | null; is_active: boolean };

/**
 * Companies a user may see: their own company and explicit grants, expanded to the children of
 * groups and the clients of agencies, transitively; and whether one of them is active: a
 * deactivated company blocks the users who belong only to it (spec), while someone who also
 * looks after active companies keeps working. Runs on every request.
 *
 * Expanded level by level with the whole frontier as one array (both foreign keys are indexed):
 * a recursive CTE joining on `parent_id = v.id or agency_id = v.id` cannot hash the OR, and for
 * an agency with a thousand clients it took ~200 ms per request on PostgreSQL.
 */
export async function visibleCompanies(
  db: Db,
  userId: string,
): Promise<{ ids: string[]; anyActive: boolean; tree: { id: string; parentId: string | null }[] }> {
  const seen = new Map<string, CompanyLink>();
  let frontier = await queryRows<CompanyLink>(
    db,
    sql`select c.id::text, c.parent_id::text, c.is_active from company c
        where c.id in (select company_id from app_user where id = ${userId}
                       union select company_id from user_company where user_id = ${userId})`,
  );
  while (frontier.length > 0) {
    for (const c of frontier) seen.set(c.id, c);
    const ids = `{${frontier.map((c) => c.id).join(',')}}`;
    const next = await queryRows<CompanyLink>(
      db,
      sql`select c.id::text, c.parent_id::text, c.is_active from company c
          where c.parent_id = any(${ids}::uuid[]) or c.agency_id = any(${ids}::uuid[])`,
    );
    frontier = next.filter((c) => !seen.has(c.id));
  }
  const all = [...seen.values()];
  return {
    ids: all.map((c) => c.id),
    anyActive: all.some((c) => c.is_active),
    tree: all.map((c) => ({ id: c.id, parentId: c.parent_id })),
  };
}

export async function visibleCompanyIds(db: Db, userId: string): Promise<string[]> {
  return (await visibleCompanies(db, userId)).ids;
}

export async function hasActiveVisibleCompany(db: Db, userId: string): Promise<boolean> {
  return (await visibleCompanies(db, userId)).anyActive;
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
}

class Rollback extends Error {}

/**
 * Opens the request's transaction under the role pc_app with the user's id and visible
 * companies set once: row-level security then holds for every statement of the handler, and
 * nothing the handler writes is visible to others (or acknowledged) before the commit.
 * drizzle only offers callback transactions, so the callback waits for `end`.
 */
export function openTenantTransaction(
  owner: OwnerDb,
  who: { userId: string; companyIds: readonly string[] },
): Promise<TenantTransaction> {
  return new Promise((resolveOpen, rejectOpen) => {
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((r) => (decide = r));
    let companyIds = [...who.companyIds];
    const after: (() => void)[] = [];
    let opened = false;
    const done = owner
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(
          sql`select set_config('app.company_ids', ${companyIds.join(',')}, true), set_config('app.user_id', ${who.userId}, true), set_config('role', 'pc_app', true)`,
        );
        opened = true;
        resolveOpen({
          db: tx,
          async addCompanies(ids) {
            companyIds = [...new Set([...companyIds, ...ids])];
            await tx.execute(sql`select set_config('app.company_ids', ${companyIds.join(',')}, true)`);
          },
          afterCommit: (fn) => void after.push(fn),
          async end(commit) {
            decide(commit);
            await done;
            if (commit) for (const fn of after) fn();
          },
        });
        if (!(await decision)) throw new Rollback();
      })
      .catch((e: unknown) => {
        if (e instanceof Rollback) return;
        if (!opened) rejectOpen(e);
        throw e;
      });
    // An open that failed is reported through rejectOpen; keep the promise from going unhandled.
    done.catch(() => undefined);
  });
}
