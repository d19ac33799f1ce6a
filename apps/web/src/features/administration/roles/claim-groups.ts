import { allClaims, itemTypes, shellClaims } from '@pc/shared';

export interface ClaimGroup {
  /** The part before the dot: `Issue`, `User`, `TimeRecords`. */
  prefix: string;
  /** Registers are named like their menu entry (`section.<itemKey>`). */
  itemKey: string | null;
  claims: string[];
}

export const prefixOf = (claim: string) => claim.slice(0, claim.indexOf('.') === -1 ? claim.length : claim.indexOf('.'));
export const actionOf = (claim: string) => (claim.includes('.') ? claim.slice(claim.indexOf('.') + 1) : claim);

/**
 * Claims grouped by prefix: the registers first (menu order), then the application claims in
 * the order the shared list names them. Claims outside the known list come last, so nothing a
 * role holds is ever hidden.
 */
export function groupClaims(claims: readonly string[] = allClaims): { registers: ClaimGroup[]; application: ClaimGroup[] } {
  const wanted = new Set(claims);
  const registers: ClaimGroup[] = itemTypes
    .map((t) => ({
      prefix: t.claim as string,
      itemKey: t.key as string,
      claims: [`${t.claim}.Read`, `${t.claim}.Write`].filter((c) => wanted.has(c)),
    }))
    .filter((g) => g.claims.length > 0);
  const itemPrefixes = new Set(itemTypes.map((t) => t.claim as string));
  const application: ClaimGroup[] = [];
  const byPrefix = new Map<string, ClaimGroup>();
  const rest = [...wanted].filter((c) => !itemPrefixes.has(prefixOf(c)));
  const order = (c: string) => {
    const i = (shellClaims as readonly string[]).indexOf(c);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  for (const claim of rest.sort((a, b) => order(a) - order(b) || a.localeCompare(b))) {
    const prefix = prefixOf(claim);
    let group = byPrefix.get(prefix);
    if (!group) {
      group = { prefix, itemKey: null, claims: [] };
      byPrefix.set(prefix, group);
      application.push(group);
    }
    group.claims.push(claim);
  }
  return { registers, application };
}

export type GroupState = 'all' | 'some' | 'none';

export function groupState(selected: ReadonlySet<string>, group: ClaimGroup): GroupState {
  const n = group.claims.filter((c) => selected.has(c)).length;
  return n === 0 ? 'none' : n === group.claims.length ? 'all' : 'some';
}

/** Ticks or clears every claim of a group the administrator may grant; others stay as they are. */
export function setGroup(selected: readonly string[], group: ClaimGroup, on: boolean, grantable: ReadonlySet<string>): string[] {
  const changeable = group.claims.filter((c) => grantable.has(c));
  const next = new Set(selected);
  for (const c of changeable) {
    if (on) next.add(c);
    else next.delete(c);
  }
  return sortClaims([...next]);
}

export function toggleClaim(selected: readonly string[], claim: string, on: boolean): string[] {
  const next = new Set(selected);
  if (on) next.add(claim);
  else next.delete(claim);
  // Writing a register without reading it makes no sense: Write brings Read along.
  if (on && claim.endsWith('.Write')) next.add(`${prefixOf(claim)}.Read`);
  return sortClaims([...next]);
}

/** Stable order: the shared claim list's order, unknown claims after it. */
export function sortClaims(claims: readonly string[]): string[] {
  const index = (c: string) => {
    const i = allClaims.indexOf(c);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...new Set(claims)].sort((a, b) => index(a) - index(b) || a.localeCompare(b));
}

/** Claims of a role the administrator does not hold (the server would refuse to save them). */
export function notGrantable(claims: readonly string[], held: ReadonlySet<string>): string[] {
  return claims.filter((c) => !held.has(c));
}
