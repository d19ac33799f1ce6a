import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Companies a user may see: their own company and explicit grants, expanded to the children of
 * groups and the clients of agencies, transitively. UNION stops at cycles.
 */
export async function visibleCompanyIds(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with recursive visible(id) as (
      select company_id from app_user where id = ${userId}
      union
      select company_id from user_company where user_id = ${userId}
      union
      select c.id from company c join visible v on c.parent_id = v.id or c.agency_id = v.id
    )
    select id::text as id from visible`,
  );
  return rows.map((r) => r.id);
}

/**
 * Whether the user may still see at least one active company. A deactivated company blocks the
 * users who belong only to it (spec); someone who also looks after active companies keeps
 * working. Same expansion as visibleCompanyIds.
 */
export async function hasActiveVisibleCompany(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`
    with recursive visible(id) as (
      select company_id from app_user where id = ${userId}
      union
      select company_id from user_company where user_id = ${userId}
      union
      select c.id from company c join visible v on c.parent_id = v.id or c.agency_id = v.id
    )
    select exists (select 1 from visible v join company c on c.id = v.id where c.is_active) as ok`,
  );
  return row?.ok === true;
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
