import type { Item } from '@pc/shared';
import type { ComponentType } from 'react';

/**
 * Controls of the item page that belong to another feature (booking time on an issue). The app
 * registers them (app/item-page-slots.ts), so the items feature does not import that feature.
 */
export const itemPageActions: { key: string; Action: ComponentType<{ item: Item }> }[] = [];
