import type { VariantType } from 'notistack';
import type { ReactNode } from 'react';
import { createStore } from './create-store';

interface ShowOptions {
  variant: VariantType;
  autoHideDuration: number;
  /** A button beside the message (an undo). */
  action?: ReactNode;
}
type Enqueue = (message: string, options: ShowOptions) => void;

interface Pending {
  message: string;
  options: ShowOptions;
}

/**
 * How long a snackbar stays, by kind, and nowhere else (docs/decisions/0044): a success only
 * confirms what the user just saw happen; a note may need reading; a warning or an error says
 * what to do next in a sentence or two and must stay long enough to be read (hovering pauses it).
 */
export const snackbarDurations: Record<VariantType, number> = {
  success: 3000,
  default: 5000,
  info: 5000,
  warning: 8000,
  error: 8000,
};

/**
 * An offer to undo stays exactly as long as the undo works: the server keeps a bulk delete's items
 * for the undo for ten seconds (BULK_UNDO_SECONDS) and a little longer.
 */
export const undoDuration = 10_000;

let enqueue: Enqueue | null = null;
let closeAll: (() => void) | null = null;
const pending: Pending[] = [];

/**
 * notistack is loaded on the first message rather than with the login screen (bundle budget).
 * The app root mounts the snackbar host once `requested` turns true.
 */
export const snackbarHostStore = createStore({ requested: false });

/** Called by the snackbar host once notistack is mounted. */
export function registerSnackbar(fn: Enqueue, close?: () => void): () => void {
  enqueue = fn;
  closeAll = close ?? null;
  for (const p of pending.splice(0)) fn(p.message, p.options);
  return () => {
    if (enqueue === fn) {
      enqueue = null;
      closeAll = null;
    }
  };
}

/**
 * Snackbars from anywhere (router guards, API handlers). Position and de-duplication are set once
 * on the host, the duration by kind (`snackbarDurations`).
 */
export function notify(message: string, variant: VariantType = 'default'): void {
  show(message, { variant, autoHideDuration: snackbarDurations[variant] });
}

/** A message with an undo button, shown for as long as the undo works (`undoDuration`). */
export function notifyUndo(message: string, action: ReactNode): void {
  show(message, { variant: 'default', autoHideDuration: undoDuration, action });
}

function show(message: string, options: ShowOptions): void {
  if (enqueue) {
    enqueue(message, options);
    return;
  }
  pending.push({ message, options });
  snackbarHostStore.setState({ requested: true });
}

/**
 * A new session starts with no message of the one before it: "please log in" or "password changed"
 * must not stay on screen once the user is signed in.
 */
export function dismissAll(): void {
  pending.length = 0;
  closeAll?.();
}

/** Load the host ahead of time once the app shell is up (it will be needed soon). */
export function preloadSnackbars(): void {
  snackbarHostStore.setState({ requested: true });
}
