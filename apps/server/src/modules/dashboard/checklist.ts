import type { Checklist, ChecklistStep, ChecklistStepKey } from '@pc/shared';
import { and, eq, sql } from 'drizzle-orm';
import { userSetting } from '../../db/schema/index';
import { queryRows } from '../../db/types';
import type { RequestContext } from '../../platform/auth/context';
import { companyRights } from '../company/policy';

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'companyId' | 'companyIds' | 'claims' | 'scopeCompanyId'>;

const KEY = 'checklist';
/** Dismissals kept per user: the newest this many companies (an agency dismisses it client by client). */
const MAX_DISMISSED = 1000;

/** The item type each counting step looks at, and the claim that lets the caller add one. */
const registerSteps: Partial<Record<ChecklistStepKey, { type: string; claim: string }>> = {
  activities: { type: 'process', claim: 'Process.Write' },
  processors: { type: 'service-agreement-with-provider', claim: 'ServiceAgreementWithProvider.Write' },
  measures: { type: 'measure', claim: 'Measure.Write' },
};

/**
 * The company the checklist is about: the scope company, or without a scope the user's own when
 * it is the only company they see. Over "all companies" of an agency there is no one company.
 */
function targetOf(ctx: Ctx): string | null {
  return ctx.scopeCompanyId ?? (ctx.companyIds.length === 1 ? ctx.companyId : null);
}

async function dismissedIds(ctx: Ctx): Promise<string[]> {
  const [row] = await ctx.db
    .select({ value: userSetting.value })
    .from(userSetting)
    .where(and(eq(userSetting.userId, ctx.userId), eq(userSetting.key, KEY)));
  const ids = (row?.value as { dismissed?: unknown } | undefined)?.dismissed;
  return Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The getting-started checklist, computed from the company's real data each time: its address,
 * a DPO (named on the company, or a DPO user), at least one processing activity, processor
 * agreement and measure, and an active user of the company besides the caller (a colleague, or
 * for an agency's client someone of the client). Shown while steps are left, the company is a
 * responsible party and the caller has not dismissed it for this company.
 */
export async function getChecklist(ctx: Ctx): Promise<Checklist> {
  const companyId = targetOf(ctx);
  if (!companyId) return { companyId: null, companyName: '', dismissed: false, show: false, steps: [] };
  const [row] = await queryRows<{
    name: string;
    responsible: boolean;
    address: boolean;
    dpo: boolean;
    users: number;
    process: number;
    provider: number;
    measure: number;
  }>(
    ctx.db,
    sql`select c.name, c.is_responsible_party as responsible,
               (coalesce(btrim(c.address_line1), '') <> '' and coalesce(btrim(c.zip_code), '') <> ''
                 and coalesce(btrim(c.city), '') <> '') as address,
               (c.data_privacy_agent_id is not null
                 or coalesce(btrim(c.dpa_firstname), '') || coalesce(btrim(c.dpa_lastname), '')
                    || coalesce(btrim(c.dpa_email_address), '') <> '') as dpo,
               (select count(*)::int from app_user u
                 where u.company_id = c.id and u.is_active and u.id <> ${ctx.userId}::uuid) as users,
               coalesce((select sum(n)::int from item_stat s where s.company_id = c.id and s.type = 'process'), 0) as process,
               coalesce((select sum(n)::int from item_stat s where s.company_id = c.id
                           and s.type = 'service-agreement-with-provider'), 0) as provider,
               coalesce((select sum(n)::int from item_stat s where s.company_id = c.id and s.type = 'measure'), 0) as measure
        from company c where c.id = ${companyId}::uuid`,
  );
  // The scope was checked against the visible companies already; a row the policy hides means none to show.
  if (!row) return { companyId: null, companyName: '', dismissed: false, show: false, steps: [] };
  const companyWrite = companyRights(ctx, companyId).write;
  const counted = (key: ChecklistStepKey, count: number): ChecklistStep => {
    const rule = registerSteps[key]!;
    return { key, done: count > 0, count, canAct: ctx.claims.has(rule.claim) };
  };
  const steps: ChecklistStep[] = [
    { key: 'companyData', done: row.address, count: 0, canAct: companyWrite },
    { key: 'dpo', done: row.dpo, count: 0, canAct: companyWrite },
    counted('activities', Number(row.process)),
    counted('processors', Number(row.provider)),
    counted('measures', Number(row.measure)),
    {
      key: 'colleagues',
      done: Number(row.users) > 0,
      count: Number(row.users),
      canAct: ctx.claims.has('User.Write') && ctx.claims.has('Administration.Access'),
    },
  ];
  const dismissed = (await dismissedIds(ctx)).includes(companyId);
  return {
    companyId,
    companyName: row.name,
    dismissed,
    show: row.responsible && !dismissed && steps.some((s) => !s.done),
    steps,
  };
}

/** Dismisses (or brings back) the checklist of the current company for the caller alone. */
export async function setChecklistDismissed(ctx: Ctx, dismissed: boolean): Promise<Checklist> {
  const companyId = targetOf(ctx);
  if (companyId) {
    const others = (await dismissedIds(ctx)).filter((id) => id !== companyId);
    const value = { dismissed: (dismissed ? [...others, companyId] : others).slice(-MAX_DISMISSED) };
    await ctx.db
      .insert(userSetting)
      .values({ userId: ctx.userId, key: KEY, value })
      .onConflictDoUpdate({ target: [userSetting.userId, userSetting.key], set: { value } });
  }
  return getChecklist(ctx);
}
