import type { Language } from '@pc/shared';
import type { HelpContent } from './api';

const TITLE_MAX = 80;

/** The first line with text, without markdown marks: what a page of help is about. */
export function helpTitle(content: string): string {
  const line =
    content
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  const plain = line
    .replace(/^#{1,6}\s*/, '')
    .replace(/^[-*+>]\s+/, '')
    .replace(/[*_`~]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
  return plain.length > TITLE_MAX ? `${plain.slice(0, TITLE_MAX)}…` : plain;
}

export interface HelpGroup {
  route: string;
  items: HelpContent[];
}

const localeOrder = (l: string) => (l === 'de' ? 0 : l === 'en' ? 1 : 2);

/** By route, then language (German first), then index: the order the help dialog shows them in. */
export function groupHelpContents(
  contents: readonly HelpContent[],
  filter: { query: string; locale: Language | 'all' },
): HelpGroup[] {
  const q = filter.query.trim().toLocaleLowerCase();
  const matching = contents.filter(
    (c) =>
      (filter.locale === 'all' || c.locale === filter.locale) &&
      (!q || c.route.toLocaleLowerCase().includes(q) || c.content.toLocaleLowerCase().includes(q)),
  );
  const sorted = [...matching].sort(
    (a, b) => a.route.localeCompare(b.route) || localeOrder(a.locale) - localeOrder(b.locale) || a.index - b.index,
  );
  const groups: HelpGroup[] = [];
  for (const c of sorted) {
    const last = groups[groups.length - 1];
    if (last?.route === c.route) last.items.push(c);
    else groups.push({ route: c.route, items: [c] });
  }
  return groups;
}

/** The index a new page gets: after the last one of its route and language. */
export function nextHelpIndex(contents: readonly HelpContent[], route: string, locale: Language): number {
  const indexes = contents.filter((c) => c.route === route && c.locale === locale).map((c) => c.index);
  return indexes.length ? Math.min(999, Math.max(...indexes) + 1) : 0;
}

/** Whether another page of the same route and language already has this index. */
export function indexTaken(
  contents: readonly HelpContent[],
  value: { route: string; locale: Language; index: number },
  ownId?: string,
): boolean {
  return contents.some(
    (c) => c.id !== ownId && c.route === value.route.trim() && c.locale === value.locale && c.index === value.index,
  );
}

/** Suggested routes for the form: the app's guarded pages, as help is stored by route pattern. */
export function routeSuggestions(defs: readonly { path: string; public?: boolean; fullPage?: boolean }[]): string[] {
  return [...new Set(defs.filter((d) => !d.public && !d.fullPage).map((d) => d.path))].sort((a, b) => a.localeCompare(b));
}
