import { type ClaimRule, itemTypes, mainMenuItemTypes, moreMenuItemTypes, satisfies } from '@pc/shared';

export interface MenuEntry {
  /** Item type key (or 'diagram'); the label is `section.<key>`. */
  key: string;
  path: string;
  rule: ClaimRule;
  /** Issues carry the open-issue badge. */
  badge?: 'openIssues';
}

function itemEntry(key: string): MenuEntry {
  const type = itemTypes.find((t) => t.key === key);
  if (!type) throw new Error(`Unknown item type ${key}`);
  return { key, path: type.route, rule: { all: [`${type.claim}.Read`] }, badge: key === 'issue' ? 'openIssues' : undefined };
}

const diagram: MenuEntry = { key: 'diagram', path: '/diagram', rule: { all: ['Diagram.Read'] } };

/** Spec 000 §2 order: issues, diagram, then the remaining main item types. */
export const mainMenu: readonly MenuEntry[] = [
  itemEntry('issue'),
  diagram,
  ...mainMenuItemTypes.filter((k) => k !== 'issue').map(itemEntry),
];

export const moreMenu: readonly MenuEntry[] = moreMenuItemTypes.map(itemEntry);

/** Each entry is shown only when the user holds its claim. */
export function visibleMenu(claims: readonly string[]): { main: MenuEntry[]; more: MenuEntry[] } {
  return {
    main: mainMenu.filter((e) => satisfies(claims, e.rule)),
    more: moreMenu.filter((e) => satisfies(claims, e.rule)),
  };
}

export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}
