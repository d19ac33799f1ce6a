import type { Item, ItemTypeKey } from '@pc/shared';
import { useParams } from '@tanstack/react-router';
import { type Control, useWatch } from 'react-hook-form';
import { useItem } from '../../api';
import type { ItemFormValues } from '../form-values';

/**
 * The saved item behind a detail form (null while it is new) and the company it belongs to.
 * The form only carries `companyId` for new items, so saved ones take it from the item query,
 * which the detail page has already loaded.
 */
export function useFormItem(
  type: ItemTypeKey,
  control: Control<ItemFormValues>,
): { item: Item | null; companyId: string | null } {
  const { id } = useParams({ strict: false }) as { id?: string };
  const item = useItem(type, id && id !== 'new' ? id : null).data ?? null;
  const chosen = useWatch({ control, name: 'companyId' });
  return { item, companyId: item?.companyId ?? chosen ?? null };
}
