import { type ClaimRule, type ItemTypeKey, itemTypes, satisfies } from '@pc/shared';
import { findRouteDef } from '../../lib/routing/route-table';

export interface MenuEntry {
  /** Item type key or section key; the label is `section.<key>`. */
  key: string;
  path: string;
  rule: ClaimRule;
  /**
   * The entry's badge from the item statistics: open ones, and those due within 24 hours in red.
   * Issues, data breaches and privacy requests carry it.
   */
  badge?: ItemTypeKey;
  /** Hidden in presentation mode (time screens, as in the identity menu). */
  private?: boolean;
}

export type MenuSectionKey = 'registers' | 'contracts' | 'organisation' | 'reports';

export interface MenuSection {
  key: MenuSectionKey;
  entries: MenuEntry[];
}

/**
 * An entry for a route of the route table, with that route's claim rule: the menu shows exactly
 * what the route guard lets the user open (the claims come from the server with the session).
 */
function entry(key: string, path: string, extra: Partial<MenuEntry> = {}): MenuEntry {
  const def = findRouteDef(path);
  if (!def) throw new Error(`No route for menu entry ${path}`);
  return { key, path, rule: def.rule ?? { all: [] }, ...extra };
}

function itemEntry(key: ItemTypeKey, extra: Partial<MenuEntry> = {}): MenuEntry {
  const type = itemTypes.find((t) => t.key === key);
  if (!type) throw new Error(`Unknown item type ${key}`);
  return entry(key, type.route, extra);
}

/**
 * The first group, always open: what is time-critical. Issues, data breaches (72 hours to tell
 * the authority) and privacy requests (one month to answer), each with its badge.
 */
export const urgentMenu: readonly MenuEntry[] = [
  itemEntry('issue', { badge: 'issue' }),
  itemEntry('data-breach', { badge: 'data-breach' }),
  itemEntry('privacy-request', { badge: 'privacy-request' }),
];

/**
 * The other entries in four sections, one open at a time, each short enough that the open one
 * fits beside the first group at 1440×900 without scrolling the menu.
 */
export const menuSections: readonly MenuSection[] = [
  {
    key: 'registers',
    entries: [
      itemEntry('process'),
      itemEntry('impact-assessment'),
      itemEntry('measure'),
      itemEntry('storage-period'),
      itemEntry('website'),
    ],
  },
  {
    key: 'contracts',
    entries: [
      itemEntry('service-agreement-with-provider'),
      itemEntry('service-agreement-with-client'),
      itemEntry('service-agreement-with-shared-responsibility'),
      entry('questionnaire', '/questionnaire'),
    ],
  },
  {
    key: 'organisation',
    entries: [
      entry('diagram', '/diagram'),
      itemEntry('organisation-unit'),
      itemEntry('hr'),
      itemEntry('training'),
      itemEntry('standard-process'),
      itemEntry('concept'),
    ],
  },
  {
    key: 'reports',
    entries: [
      itemEntry('audit'),
      itemEntry('pdca-list'),
      itemEntry('summary'),
      itemEntry('dynamic-document'),
      entry('time-record', '/time-record', { private: true }),
      entry('time-comparison', '/time-comparison', { private: true }),
    ],
  },
];

/** Every entry, for checks over the whole menu (labels in both catalogs). */
export const allMenuEntries: readonly MenuEntry[] = [...urgentMenu, ...menuSections.flatMap((s) => s.entries)];

/**
 * What the user sees: each entry only with its route's claims, time screens not in presentation
 * mode, and sections without a visible entry left out.
 */
export function visibleMenu(
  claims: readonly string[],
  presentationMode = false,
): { urgent: MenuEntry[]; sections: MenuSection[] } {
  const shown = (e: MenuEntry) => satisfies(claims, e.rule) && !(presentationMode && e.private);
  return {
    urgent: urgentMenu.filter(shown),
    sections: menuSections.map((s) => ({ key: s.key, entries: s.entries.filter(shown) })).filter((s) => s.entries.length > 0),
  };
}

export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}
