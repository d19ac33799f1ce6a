import type { Language, LockReason } from '@pc/shared';

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
}
