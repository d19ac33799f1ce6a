import type { CompanyRights } from '@pc/shared';
import type { RequestContext } from '../../platform/auth/context';

type Who = Pick<RequestContext, 'claims' | 'companyId'>;

/**
 * The caller's rights on a company they can see (row-level security decided that). Sent with
 * every company the API returns; the web shows controls from these, never from claims.
 * Company.Write edits any visible company, Company.WriteOwn only the caller's own;
 * moving needs Company.Move and never applies to the caller's own company.
 */
export const companyRights = (who: Who, id: string): CompanyRights => {
  const write = who.claims.has('Company.Write') || (who.claims.has('Company.WriteOwn') && who.companyId === id);
  return {
    write,
    move: who.claims.has('Company.Move') && who.companyId !== id,
    // The archive holds every register, the time records and the files: it is the company
    // administrators' (write on the company, and the administration claim).
    export: write && who.claims.has('Administration.Access'),
  };
};

/**
 * Creating a company from an archive: the operator of the installation, or an account holder
 * (into their own account, as a client of their own company or in one of its groups).
 */
export const mayImportCompany = (who: Pick<RequestContext, 'claims'>, hasAccount: boolean) =>
  who.claims.has('Platform.Manage') || hasAccount;
