import { lazy } from 'react';
import { itemPageActions } from '../lib/item-page-slots';

// Lazy: the item page loads the time feature's button only when it renders.
itemPageActions.push({
  key: 'book-time',
  Action: lazy(() => import('../features/time/book-time-button').then((m) => ({ default: m.BookTimeButton }))),
});
