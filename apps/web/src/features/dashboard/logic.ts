import { type dashboardTileKeys, type ItemTypeKey, itemTypes, progressTileTypes, type UserMe } from '@pc/shared';

export type DashboardTileKey = (typeof dashboardTileKeys)[number];

/** The item types with a progress tile (spec 001 §2), in tile order. */
export const progressTypes = progressTileTypes satisfies readonly ItemTypeKey[];
export type ProgressType = (typeof progressTypes)[number];

export const serviceAgreementTypes = [
  'service-agreement-with-provider',
  'service-agreement-with-client',
  'service-agreement-with-shared-responsibility',
] as const satisfies readonly ItemTypeKey[];

type Me = Pick<UserMe, 'scopeCompany' | 'claims'>;

/** Spec 000 §6: statistics show without a scope or when the scope company is a responsible party. */
export function showsStatistics(me: Pick<UserMe, 'scopeCompany'> | null | undefined): boolean {
  if (!me) return false;
  return !me.scopeCompany || me.scopeCompany.isResponsibleParty;
}

/** Spec 000 §6: service agreements with clients only for data processors (or without a scope). */
export function showsClientAgreements(me: Pick<UserMe, 'scopeCompany'> | null | undefined): boolean {
  return !me?.scopeCompany || me.scopeCompany.isDataProcessor;
}

export function typeDef(key: ItemTypeKey) {
  const def = itemTypes.find((t) => t.key === key);
  if (!def) throw new Error(`unknown item type ${key}`);
  return def;
}

export function canRead(me: Pick<UserMe, 'claims'> | null | undefined, key: ItemTypeKey): boolean {
  return !!me && me.claims.includes(`${typeDef(key).claim}.Read`);
}

/** Caption key of a progress tile (spec 001 §2: empty, one open, many open, complete). */
export function progressCaption(category: { total: number; open: number }): 'empty' | 'one' | 'many' | 'complete' {
  if (category.total === 0) return 'empty';
  if (category.open === 0) return 'complete';
  return category.open === 1 ? 'one' : 'many';
}

/** The service-agreement variants a user sees on the tile and in the radar. */
export function visibleServiceAgreementTypes(me: Me | null | undefined): ItemTypeKey[] {
  return serviceAgreementTypes.filter(
    (key) => canRead(me, key) && (key !== 'service-agreement-with-client' || showsClientAgreements(me)),
  );
}

/** Due dates before the start of today are shown in red (spec 001 §9). */
export function isOverdue(dueDate: string | null, now = new Date()): boolean {
  if (!dueDate) return false;
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return false;
  return new Date(y, m - 1, d) < new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export function toggleHidden(hidden: readonly DashboardTileKey[], key: DashboardTileKey): DashboardTileKey[] {
  return hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
}
