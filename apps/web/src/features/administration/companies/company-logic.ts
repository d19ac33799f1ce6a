import { type CompanyDetail, type CompanyInput, type CompanyListItem, companyInputSchema } from '@pc/shared';
import { z } from 'zod';
import { countryOptions } from '../../../components/form/form-country-field';

/** Every field the edit form sends (the initiation's company fields plus type, parent, flags, security). */
export const companyFormFields = Object.keys(companyInputSchema.shape) as (keyof CompanyInput)[];

/** A new company: a responsible party in Germany, agent country Germany too. */
export function emptyCompanyInput(parentCompanyId: string | null = null): CompanyInput {
  return { ...companyInputSchema.parse({ name: 'x', parentCompanyId }), name: '' };
}

/** The editable part of a company as the server returned it. */
export function inputOfCompany(detail: CompanyDetail): CompanyInput {
  const input = {} as Record<string, unknown>;
  for (const key of companyFormFields) input[key] = detail[key];
  return input as CompanyInput;
}

const cidr = z.cidrv4().or(z.cidrv6());

/** A single address becomes a /32 (IPv4) or /128 (IPv6) range; anything else is taken as typed. */
export function normaliseCidr(value: string): string {
  const v = value.trim();
  if (!v || v.includes('/')) return v;
  if (z.ipv4().safeParse(v).success) return `${v}/32`;
  if (z.ipv6().safeParse(v).success) return `${v}/128`;
  return v;
}

export function isCidr(value: string): boolean {
  return cidr.safeParse(value).success;
}

/**
 * Entries typed into the allow-list box: split on whitespace, comma and semicolon, normalised,
 * duplicates of the list dropped. `invalid` are the ones that are no IPv4/IPv6 range.
 */
export function parseCidrEntries(text: string, existing: readonly string[] = []): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const entry = normaliseCidr(raw);
    if (!entry) continue;
    if (!isCidr(entry)) invalid.push(entry);
    else if (!existing.includes(entry) && !valid.includes(entry)) valid.push(entry);
  }
  return { valid, invalid };
}

/**
 * Groups a company may be placed under: groups only, never the company itself or one of its
 * descendants (the server refuses cycles too).
 */
export function parentOptions(companies: readonly CompanyListItem[], selfId: string | null): CompanyListItem[] {
  const excluded = new Set<string>();
  if (selfId) {
    excluded.add(selfId);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of companies) {
        if (c.parentCompanyId && excluded.has(c.parentCompanyId) && !excluded.has(c.id)) {
          excluded.add(c.id);
          grew = true;
        }
      }
    }
  }
  return companies.filter((c) => c.type === 'Group' && !excluded.has(c.id)).sort((a, b) => a.name.localeCompare(b.name));
}

export interface MoveTarget {
  key: string;
  kind: 'group' | 'agency';
  name: string;
  move: { parentCompanyId: string | null; agencyCompanyId: string | null };
}

/**
 * Where a company can be moved: the groups that are not the company itself, one of its own
 * children or its current group; and the agencies other than itself and its current one.
 */
export function moveTargets(
  companies: readonly CompanyListItem[],
  company: { id: string; parentCompanyId: string | null; agencyCompanyId: string | null },
): MoveTarget[] {
  const groups = parentOptions(companies, company.id).filter((g) => g.id !== company.parentCompanyId);
  const agencies = companies
    .filter((c) => c.isDataPrivacyAgency && c.id !== company.id && c.id !== company.agencyCompanyId)
    .sort((a, b) => a.name.localeCompare(b.name));
  return [
    ...groups.map((g) => ({
      key: `g:${g.id}`,
      kind: 'group' as const,
      name: g.name,
      move: { parentCompanyId: g.id, agencyCompanyId: null },
    })),
    ...agencies.map((a) => ({
      key: `a:${a.id}`,
      kind: 'agency' as const,
      name: a.name,
      move: { parentCompanyId: null, agencyCompanyId: a.id },
    })),
  ];
}

/** A country code shown as its name ("DE" → "Deutschland"); unknown codes stay as they are. */
export function countryName(code: string, language: string): string {
  if (!code) return '';
  return countryOptions(language).find((c) => c.code === code.toUpperCase())?.name ?? code;
}

/** Client-side filter of the company grid: name, parent and child names. */
export function matchesCompany(company: CompanyListItem, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return [company.name, company.parentCompanyName ?? '', ...company.childCompanyNames].some((s) =>
    s.toLocaleLowerCase().includes(q),
  );
}

/** The form field a server validation path belongs to (zod reports array entries as `ipAllowList.2`). */
export function companyFieldOf(path: string): keyof CompanyInput | undefined {
  const base = path.split('.')[0] as keyof CompanyInput;
  return companyFormFields.includes(base) ? base : undefined;
}
