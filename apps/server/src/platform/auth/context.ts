import type { Language, LockReason } from '@pc/shared';
import type { Db } from '../../db/types';

/** What every service receives about the caller (design §3). */
export interface RequestContext {
  userId: string;
  sessionId: string;
  /** The user's own company. */
  companyId: string;
  claims: ReadonlySet<string>;
  /** Every company the user may see. */
  companyIds: readonly string[];
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
