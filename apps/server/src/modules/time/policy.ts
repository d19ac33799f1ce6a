import type { TimeRights } from '@pc/shared';

/** Reading time records at all: own ones with TimeRecords.Read, everyone's with TimeRecords.ReadAll. */
export const readsTime = (claims: ReadonlySet<string>) => claims.has('TimeRecords.Read') || claims.has('TimeRecords.ReadAll');
export const readsAllTime = (claims: ReadonlySet<string>) => claims.has('TimeRecords.ReadAll');

/**
 * The caller's rights on a time record they can see: TimeRecords.Write changes own records;
 * others' also need TimeRecords.ReadAll (whoever sees everyone's records and may write).
 */
export function timeRecordRights(claims: ReadonlySet<string>, userId: string, ownerId: string): TimeRights {
  const write = claims.has('TimeRecords.Write') && (ownerId === userId || readsAllTime(claims));
  return { write, delete: write };
}

/** Projects are changed with Projects.Write. */
export function projectRights(claims: ReadonlySet<string>): TimeRights {
  const write = claims.has('Projects.Write');
  return { write, delete: write };
}

/**
 * A project's money and budget (flat rate, hourly rate, the consultants' own rates, budget hours)
 * are the agency's terms: shown to whoever plans projects or reads everyone's time
 * (Projects.Write, TimeRecords.ReadAll), never to the client's own users — those whose company
 * the project is for — whatever their claims. Consultants who only book see their projects
 * without them.
 */
export function readsProjectRates(claims: ReadonlySet<string>, callerCompanyId: string, projectCompanyId: string): boolean {
  return (claims.has('Projects.Write') || readsAllTime(claims)) && callerCompanyId !== projectCompanyId;
}
