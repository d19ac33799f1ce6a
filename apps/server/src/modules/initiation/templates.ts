import { readFileSync } from 'node:fs';
import type { Language, ProcessTemplate, ProcessTemplatePage, ProcessTemplateQuery } from '@pc/shared';

/**
 * One processing-activity template of the seed file. Everything a user reads is in both languages:
 * the data categories and person groups become the company's tags and the retention its storage
 * period, so an English wizard must not leave German tags behind. Legal bases are keys.
 */
export interface ProcessTemplateData {
  id: string;
  name: Record<Language, string>;
  purpose: Record<Language, string>;
  legalBases: string[];
  dataCategories: Record<Language, string[]>;
  personGroups: Record<Language, string[]>;
  retention: Record<Language, string>;
}

/**
 * The templates are data, not code: `process-templates.json` next to this file, read once. They
 * are the same for every tenant, so no table holds them.
 */
export const processTemplates: readonly ProcessTemplateData[] = JSON.parse(
  readFileSync(new URL('./process-templates.json', import.meta.url), 'utf8'),
);
const byId = new Map(processTemplates.map((t) => [t.id, t]));

export const processTemplate = (id: string) => byId.get(id);

function view(t: ProcessTemplateData, locale: Language): ProcessTemplate {
  return {
    id: t.id,
    templateName: t.name[locale],
    templateDescription: t.purpose[locale],
    legalBases: t.legalBases,
    dataCategories: t.dataCategories[locale],
    personGroups: t.personGroups[locale],
    retention: t.retention[locale],
  };
}

/** Filter (substring of name or description, case-insensitive), sort and page, in the caller's language. */
export function listProcessTemplates(q: ProcessTemplateQuery, locale: Language): ProcessTemplatePage {
  const needle = q.filter?.toLocaleLowerCase(locale) ?? '';
  const all = processTemplates
    .map((t) => view(t, locale))
    .filter(
      (t) =>
        !needle ||
        t.templateName.toLocaleLowerCase(locale).includes(needle) ||
        t.templateDescription.toLocaleLowerCase(locale).includes(needle),
    );
  const collator = new Intl.Collator(locale);
  all.sort((a, b) => collator.compare(a[q.sort], b[q.sort]) * (q.dir === 'asc' ? 1 : -1));
  return {
    items: all.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize),
    total: all.length,
    allIds: all.map((t) => t.id),
  };
}
