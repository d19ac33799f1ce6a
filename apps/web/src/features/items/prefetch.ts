import { type ItemTypeKey, itemTypeDefs, type UserMe } from '@pc/shared';
import type { QueryClient } from '@tanstack/react-query';
import { defaultParseSearch } from '@tanstack/react-router';
import { viewFromSearch } from '../../components/data-grid/use-server-grid';
import { userLookupQuery } from '../../lib/user-lookup';
import { childItemsQuery, itemQuery, linkOptionsQuery, registerPageQuery } from './api';
import { canReadLinked } from './detail/can-read-linked';
import { registerDefaults } from './list/list-state';

/** A register's first request: the page, order and filters its URL names. */
export function prefetchItemList(client: QueryClient, type: ItemTypeKey, search: string): void {
  void client.prefetchQuery(registerPageQuery(type)(viewFromSearch(defaultParseSearch(search), registerDefaults)));
}

/**
 * What an item's page asks for, all at once rather than as its sections render (page
 * speed: no waterfall): the options of its link fields and, for a saved item, the item, its
 * children and the user names. What is already asked for or fresh is not asked for again.
 */
export function prefetchItemDetail(client: QueryClient, me: UserMe | null, type: ItemTypeKey, id: string): void {
  for (const f of itemTypeDefs[type].fields) {
    if (f.kind === 'links' && canReadLinked(me, f.itemType)) void client.prefetchQuery(linkOptionsQuery(f.itemType));
  }
  if (id === 'new') return;
  void client.prefetchQuery(itemQuery(type, id));
  void client.prefetchQuery(childItemsQuery(type, id));
  void client.prefetchQuery(userLookupQuery);
}
