import { type ItemTypeKey, itemTypes, type UserMe } from '@pc/shared';
import { canRead, progressTypes, showsStatistics, visibleServiceAgreementTypes } from '../../lib/item-statistics';

type Me = Pick<UserMe, 'scopeCompany' | 'claims'>;

/**
 * The radar shows the statistics the dashboard tiles show: of the scope company, or without a
 * scope of every company the user may see; only where statistics do not show (a scope that is no
 * responsible party) it prompts to choose another company.
 */
export function showsRadar(me: Me | null | undefined): me is Me {
  return !!me && showsStatistics(me);
}

/**
 * The categories of the radar in menu order; 'service agreements with clients' only when the
 * scope company is a data processor.
 */
export function radarTypes(me: Me | null | undefined): ItemTypeKey[] {
  if (!showsRadar(me)) return [];
  const wanted = new Set<ItemTypeKey>([...progressTypes.filter((k) => canRead(me, k)), ...visibleServiceAgreementTypes(me)]);
  return itemTypes.filter((type) => wanted.has(type.key)).map((type) => type.key);
}
