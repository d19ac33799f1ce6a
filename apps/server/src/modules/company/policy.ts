import type { CompanyRights } from '@pc/shared';
import type { RequestContext } from '../../platform/auth/context';

type Who = Pick<RequestContext, 'claims' | 'companyId'>;

/**
 * The caller's rights on a company they can see (row-level security decided that). Sent with
 * every company the API returns; the web shows controls from these, never from claims.
 * Company.Write edits any visible company, Company.WriteOwn only the caller's own;
 * moving needs Company.Move and never applies to the caller's own company.
 */
export const companyRights = (who: Who, id: string): CompanyRights => ({
  write: who.claims.has('Company.Write') || (who.claims.has('Company.WriteOwn') && who.companyId === id),
  move: who.claims.has('Company.Move') && who.companyId !== id,
});
