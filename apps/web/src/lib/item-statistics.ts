import { type ItemTypeKey, itemTypes, progressTileTypes, statusCategorySchema, type UserMe } from '@pc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api/api-client';
import { useSession } from './session/session-store';

export type StatusCategory = z.infer<typeof statusCategorySchema>;

/** Query key prefix of GET /api/item/statistics; item mutations invalidate it. */
export const statisticsKey = ['item-statistics'] as const;

/**
 * The status categories of the scope. The dashboard tiles, the radar and the menu badge all
 * read this one query, so one request per scope serves them. `enabled` is false
 * where statistics must not show or may not be read.
 */
export function useItemStatistics(enabled: boolean) {
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  return useQuery({ ...itemStatisticsQuery(scopeId), enabled });
}

export const itemStatisticsQuery = (scopeId: string | null) =>
  queryOptions({
    queryKey: [...statisticsKey, scopeId],
    queryFn: ({ signal }) => apiRequest('/item/statistics', { schema: z.array(statusCategorySchema), signal }),
  });

/** The item types with a progress tile, in tile order. */
export const progressTypes = progressTileTypes satisfies readonly ItemTypeKey[];
export type ProgressType = (typeof progressTypes)[number];

export const serviceAgreementTypes = [
  'service-agreement-with-provider',
  'service-agreement-with-client',
  'service-agreement-with-shared-responsibility',
] as const satisfies readonly ItemTypeKey[];

type Me = Pick<UserMe, 'scopeCompany' | 'claims'>;

/** Statistics show without a scope or when the scope company is a responsible party. */
export function showsStatistics(me: Pick<UserMe, 'scopeCompany'> | null | undefined): boolean {
  if (!me) return false;
  return !me.scopeCompany || me.scopeCompany.isResponsibleParty;
}

/** Service agreements with clients only for data processors (or without a scope). */
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

/** The service-agreement variants a user sees on the tile and in the radar. */
export function visibleServiceAgreementTypes(me: Me | null | undefined): ItemTypeKey[] {
  return serviceAgreementTypes.filter(
    (key) => canRead(me, key) && (key !== 'service-agreement-with-client' || showsClientAgreements(me)),
  );
}
