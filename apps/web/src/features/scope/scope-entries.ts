import { type CompanyListItem, filterCompanies, presentationFilter, showAllCompaniesTile } from '@pc/shared';

export type ScopeEntry = { kind: 'all' } | { kind: 'company'; company: CompanyListItem };

export interface ScopeEntryOptions {
  query: string;
  activeOnly: boolean;
  presentationMode: boolean;
  scopeId: string | null;
  locale: string;
}

/**
 * The tiles of the scope dialog: in presentation mode only the scope's family,
 * then search and active-only, groups first; the 'all companies' tile first when allowed.
 */
export function scopeEntries(companies: readonly CompanyListItem[], options: ScopeEntryOptions): ScopeEntry[] {
  const visible = options.presentationMode ? presentationFilter(companies, options.scopeId) : companies;
  const filtered = filterCompanies(visible, options.query, options.activeOnly, options.locale);
  const entries: ScopeEntry[] = filtered.map((company) => ({ kind: 'company', company }));
  if (showAllCompaniesTile(companies.length, options.scopeId !== null, options.presentationMode)) {
    entries.unshift({ kind: 'all' });
  }
  return entries;
}
