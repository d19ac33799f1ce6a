import { z } from 'zod';

export const companyTypes = ['Company', 'Group'] as const;
export const companyTypeSchema = z.enum(companyTypes);
export type CompanyType = z.infer<typeof companyTypeSchema>;

/**
 * The caller's rights on a company, decided by the server's policy (apps/server/src/modules/
 * company/policy.ts) and sent with every company: the web shows controls from these.
 */
export const companyRightsSchema = z.object({
  write: z.boolean(),
  move: z.boolean(),
  /** Download the whole company as a ZIP (GET /api/company/{id}/export). */
  export: z.boolean(),
});
export type CompanyRights = z.infer<typeof companyRightsSchema>;

/** Moving a company into a group or to an agency: its own action, with its own claim. */
export const companyMoveSchema = z.object({
  parentCompanyId: z.uuid().nullable().default(null),
  agencyCompanyId: z.uuid().nullable().default(null),
});
export type CompanyMove = z.infer<typeof companyMoveSchema>;

/** A company in lists, plus the company flags the shell needs. */
export const companyListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: companyTypeSchema,
  isActive: z.boolean(),
  isDemo: z.boolean(),
  creationDate: z.iso.datetime({ offset: true }),
  hasLogo: z.boolean(),
  parentCompanyId: z.uuid().nullable(),
  parentCompanyName: z.string().nullable(),
  parentCompany: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  childCompanyNames: z.array(z.string()),
  numberOfChildCompanies: z.number().int(),
  isResponsibleParty: z.boolean(),
  isDataProcessor: z.boolean(),
  isDataPrivacyAgency: z.boolean(),
  rights: companyRightsSchema,
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const companyRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: companyTypeSchema,
  parentCompanyId: z.uuid().nullable(),
  isResponsibleParty: z.boolean(),
  isDataProcessor: z.boolean(),
  isDataPrivacyAgency: z.boolean(),
});
export type CompanyRef = z.infer<typeof companyRefSchema>;

export const logoQuerySchema = z.object({
  width: z.coerce.number().int().min(1).max(1000).default(150),
  height: z.coerce.number().int().min(1).max(1000).default(50),
});

/** Demo companies are reset seven days after creation. */
export const DEMO_RESET_DAYS = 7;

export function demoResetAt(creationDate: string | Date): Date {
  const created = new Date(creationDate);
  return new Date(created.getTime() + DEMO_RESET_DAYS * 24 * 3600 * 1000);
}

/** Remaining whole days and hours until the demo reset; never negative. */
export function demoCountdown(creationDate: string | Date, now: Date = new Date()): { days: number; hours: number } {
  const ms = Math.max(0, demoResetAt(creationDate).getTime() - now.getTime());
  const totalHours = Math.floor(ms / 3_600_000);
  return { days: Math.floor(totalHours / 24), hours: totalHours % 24 };
}

/**
 * Scope-dialog filter: case-insensitive substring on name, parent name and child
 * names; active-only hides inactive ones; groups first, then by name.
 */
export function filterCompanies(
  companies: readonly CompanyListItem[],
  query: string,
  activeOnly: boolean,
  locale = 'de',
): CompanyListItem[] {
  const q = query.trim().toLocaleLowerCase(locale);
  const matches = (s: string | null | undefined) => !!s && s.toLocaleLowerCase(locale).includes(q);
  return companies
    .filter((c) => !activeOnly || c.isActive)
    .filter((c) => q === '' || matches(c.name) || matches(c.parentCompanyName) || c.childCompanyNames.some(matches))
    .sort((a, b) => {
      if (a.type !== b.type) return a.type === 'Group' ? -1 : 1;
      return a.name.localeCompare(b.name, locale);
    });
}

/**
 * Presentation mode with a scope shows only the scoped company, its children and its siblings.
 */
export function presentationFilter(companies: readonly CompanyListItem[], scopeId: string | null): CompanyListItem[] {
  if (!scopeId) return [...companies];
  const scope = companies.find((c) => c.id === scopeId);
  if (!scope) return [];
  return companies.filter(
    (c) =>
      c.id === scope.id ||
      c.parentCompanyId === scope.id ||
      (scope.parentCompanyId !== null && c.parentCompanyId === scope.parentCompanyId),
  );
}

/** The 'all companies' tile: more than one company and not (scope set and presentation mode). */
export function showAllCompaniesTile(count: number, scopeSet: boolean, presentationMode: boolean): boolean {
  return count > 1 && !(scopeSet && presentationMode);
}

/**
 * The company archive (GET /api/company/{id}/export, POST /api/company/import): its manifest
 * names the format and version; an importer refuses a version it does not know.
 */
export const COMPANY_ARCHIVE_FORMAT = 'privacy-cockpit-company';
export const COMPANY_ARCHIVE_VERSION = 1;

export const companyImportQuerySchema = z.object({
  /** The group the imported company goes into; without it, it becomes a client of the caller's own company. */
  parentCompanyId: z.uuid().optional(),
});

export const companyImportResultSchema = z.object({ companyId: z.uuid() });
export type CompanyImportResult = z.infer<typeof companyImportResultSchema>;
