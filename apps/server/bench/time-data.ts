import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/types';
import { queryRows } from '../src/db/types';

/** The period the bench's time records cover: three calendar years. */
export const TIME_FROM = '2024-01-01';
const DAYS = 1096;

/**
 * `records` time records for the time bench in the demo group (Beispiel Gruppe and its two
 * companies): ten projects per company with a plan for every month, the records spread evenly
 * over three years, the projects and the demo's users. One INSERT … SELECT generate_series per
 * table, so a million rows take seconds. Answers the group (the scope the case asks in).
 */
export async function insertTimeData(db: Db, records: number): Promise<{ group: string }> {
  const [group] = await queryRows<{ id: string }>(db, sql`select id::text from company where name = 'Beispiel Gruppe'`);
  await db.execute(sql`
    insert into project (company_id, name, valid_from, budget_hours, budget_period, flat_rate, hourly_rate)
    select c.id, 'Bench Projekt ' || n, ${TIME_FROM}::date, 40, 'Month', 1500, 95
    from company c cross join generate_series(1, 10) n
    where c.id = ${group!.id} or c.parent_id = ${group!.id}`);
  await db.execute(sql`
    insert into project_planned_hours (project_id, company_id, month, hours)
    select p.id, p.company_id, m::date, 30 + (abs(hashtext(p.id::text || m::text)) % 20)
    from project p cross join generate_series(${TIME_FROM}::date, ${TIME_FROM}::date + interval '35 months', interval '1 month') m
    where p.name like 'Bench Projekt %'`);
  await db.execute(sql`
    with p as (
      select array_agg(id order by id) as ids, array_agg(company_id order by id) as companies
      from project where name like 'Bench Projekt %'
    ), u as (select array_agg(id order by id) as ids from app_user)
    insert into time_record (company_id, project_id, user_id, day, hours, description, billable)
    select p.companies[1 + (n * 7) % cardinality(p.ids)], p.ids[1 + (n * 7) % cardinality(p.ids)],
           u.ids[1 + n % cardinality(u.ids)], ${TIME_FROM}::date + (n % ${DAYS}),
           0.25 * (1 + n % 12), 'Bench ' || (n % 100), n % 10 <> 0
    from generate_series(1, ${records}::int) n, p, u`);
  return { group: group!.id };
}
