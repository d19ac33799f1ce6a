import { type ItemTypeKey, timelineExcludedEntities, truncateTimelineName } from '@pc/shared';
import { sql } from 'drizzle-orm';
import { arrayParam, queryRows } from '../../db/types';
import { fullName } from '../../db/user-name';
import type { RequestContext } from '../../platform/auth/context';
import { readableItemTypes, typeArray } from '../../platform/item-access';

interface Row {
  id: string;
  has_happened: boolean;
  entity: string;
  action: string;
  reference_date: string | Date;
  name: string;
  user_id: string | null;
  user_full_name: string | null;
  company_id: string;
  company_name: string;
}

/**
 * The spec names timeline entities as the original product did; where one of them is an item
 * type here, this maps the type to that name. Initiation, DataCategory, PersonGroup and Response
 * are no item types here, so only HrManagement needs a mapping.
 */
const specEntityOfType: Partial<Record<ItemTypeKey, string>> = { hr: 'HrManagement' };
const excluded = new Set<string>(timelineExcludedEntities);

/** Types the timeline may show this caller: readable, and not among the entities the timeline never shows. */
function timelineTypes(claims: ReadonlySet<string>): ItemTypeKey[] {
  return readableItemTypes(claims).filter((key) => !excluded.has(specEntityOfType[key] ?? ''));
}

/**
 * Timeline items: what happened (item history) and, for a range, what is due (open items'
 * due dates, the calendar's due entries). Entities are item types.
 */
export async function timeline(
  ctx: Pick<RequestContext, 'db' | 'scopeCompanyIds' | 'claims'>,
  range: { from?: string; until?: string },
  timeZone: string,
) {
  const types = timelineTypes(ctx.claims);
  if (types.length === 0) return [];
  const scope = arrayParam(ctx.scopeCompanyIds);
  const typeList = typeArray(types);
  const tx = ctx.db;
  const past = await queryRows<Row>(
    tx,
    sql`select h.id::text, true as has_happened, h.type as entity, h.action, h.at as reference_date, h.name,
               h.user_id::text, ${fullName('u')} as user_full_name,
               h.company_id::text, c.name as company_name
        from item_history h join company c on c.id = h.company_id left join app_user u on u.id = h.user_id
        where h.company_id = any(${scope}::uuid[]) and h.type = any(${typeList}::text[])
          ${range.from ? sql`and h.at >= (${range.from}::timestamp at time zone ${timeZone})` : sql``}
          ${range.until ? sql`and h.at <= (${range.until}::timestamp at time zone ${timeZone})` : sql``}
        order by h.at desc limit 100`,
  );
  const due = range.from
    ? await queryRows<Row>(
        tx,
        sql`select 'due-' || i.id::text as id, false as has_happened, i.type as entity, 'due' as action,
                   (i.due_date::timestamp at time zone ${timeZone}) as reference_date, i.name,
                   i.assignee_id::text as user_id, ${fullName('u')} as user_full_name,
                   i.company_id::text, c.name as company_name
            from item i join company c on c.id = i.company_id left join app_user u on u.id = i.assignee_id
            where i.company_id = any(${scope}::uuid[]) and i.type = any(${typeList}::text[]) and i.status < 3 and i.due_date is not null
              and i.due_date >= ${range.from.slice(0, 10)}::date
              ${range.until ? sql`and i.due_date <= ${range.until.slice(0, 10)}::date` : sql``}
            order by i.due_date limit 200`,
      )
    : [];
  return [...past, ...due].map((r) => ({
    id: r.id,
    hasHappened: r.has_happened,
    entity: r.entity,
    action: r.action,
    referenceDate: new Date(r.reference_date).toISOString(),
    name: truncateTimelineName(r.name),
    userId: r.user_id,
    // The name, never the e-mail address: the timeline shows colleagues of other companies too.
    userName: r.user_full_name,
    userFullName: r.user_full_name,
    companyId: r.company_id,
    companyName: r.company_name,
  }));
}
