import type { Language, LockReason } from '@pc/shared';
import type { Db } from '../../db/types';
import type { VisibleCompanies } from '../tenancy';

/**
 * A company of another tenant that granted the user access (an accepted DPO invitation): the
 * claims of the roles it chose, and the companies the grant reaches (it and its children).
 */
export interface Grant {
  root: string;
  claims: ReadonlySet<string>;
  visible: VisibleCompanies;
}

/** What every service receives about the caller. */
export interface RequestContext {
  userId: string;
  sessionId: string;
  /** The user's own company. */
  companyId: string;
  claims: ReadonlySet<string>;
  /**
   * Every company this request may see: the user's own tenant, or, in a company of another
   * tenant that granted them (X-Tenant), that grant's companies.
   */
  companyIds: readonly string[];
  /** The user's grants in other tenants, whichever tenant this request works in. */
  grants: readonly Grant[];
  /** The X-Tenant scope, or null for "all companies". */
  scopeCompanyId: string | null;
  /** Companies the current request works on: the scope and its children, or all visible. */
  scopeCompanyIds: readonly string[];
  locale: Language;
  /** Set while the user must first visit a forced page (HTTP 412 for other calls). */
  lockReason: LockReason | null;
  /**
   * The request's transaction: role pc_app, this user and these companies, row-level security
   * on. The only database a service gets; committed by the platform before the answer leaves.
   */
  db: Db;
  /** Makes companies this request created visible to its own later statements. */
  addCompanies(ids: readonly string[]): Promise<void>;
  /** Runs after the commit (mail delivery); dropped on rollback. */
  afterCommit(fn: () => void): void;
}

/** The context before the platform opened the request's transaction. */
export type Caller = Omit<RequestContext, 'db' | 'addCompanies' | 'afterCommit'>;
