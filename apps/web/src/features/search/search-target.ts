import { itemTypes, type SearchableItem } from '@pc/shared';

const routeOf = (type: string | null) => itemTypes.find((t) => t.key === type)?.route ?? null;

/**
 * Where choosing a search result leads: the item's detail route; a document with a
 * parent opens the parent's detail; a loose document opens the document list.
 */
export function searchTarget(item: Pick<SearchableItem, 'id' | 'type' | 'parentType' | 'parentId'>): string | null {
  if (item.type === 'document') {
    const parent = routeOf(item.parentType);
    return parent && item.parentId ? `${parent}/${item.parentId}` : '/documents';
  }
  const route = routeOf(item.type);
  return route ? `${route}/${item.id}` : null;
}

/** Arrow-key movement through the result list, wrapping at both ends; -1 means none active. */
export function moveActive(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}
