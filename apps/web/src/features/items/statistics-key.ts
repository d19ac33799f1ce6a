/** Query key of GET /api/item/statistics (dashboard tiles, menu badge). */
export const statisticsKey = ['item-statistics'] as const;
