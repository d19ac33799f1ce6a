import type { VariantType } from 'notistack';
import { createStore } from './create-store';

type Enqueue = (message: string, options: { variant: VariantType; autoHideDuration?: number }) => void;

interface Pending {
  message: string;
  variant: VariantType;
  autoHideDuration?: number;
}

let enqueue: Enqueue | null = null;
const pending: Pending[] = [];

/**
 * notistack is loaded on the first message rather than with the login screen (bundle budget).
 * The app root mounts the snackbar host once `requested` turns true.
 */
export const snackbarHostStore = createStore({ requested: false });

/** Called by the snackbar host once notistack is mounted. */
export function registerSnackbar(fn: Enqueue): () => void {
  enqueue = fn;
  for (const p of pending.splice(0)) fn(p.message, { variant: p.variant, autoHideDuration: p.autoHideDuration });
  return () => {
    if (enqueue === fn) enqueue = null;
  };
}

/**
 * Snackbars from anywhere (router guards, API handlers). Position, duration (5000 ms) and
 * de-duplication are set once on the host (spec 001 §9).
 */
export function notify(message: string, variant: VariantType = 'default', autoHideDuration?: number): void {
  if (enqueue) {
    enqueue(message, { variant, autoHideDuration });
    return;
  }
  pending.push({ message, variant, autoHideDuration });
  snackbarHostStore.setState({ requested: true });
}

/** Load the host ahead of time once the app shell is up (it will be needed soon). */
export function preloadSnackbars(): void {
  snackbarHostStore.setState({ requested: true });
}
