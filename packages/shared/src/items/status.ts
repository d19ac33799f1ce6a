/**
 * Item status codes and their colours (0 grey-blue, 1 yellow, 2 brown, 3 white, other green).
 * Red is not a status colour: it marks an open item that is overdue (see statusColour).
 * Names are translation keys `status.<name>`.
 */
export const itemStatuses = [
  { code: 0, name: 'open', colour: 'grey' },
  { code: 1, name: 'inProgress', colour: 'yellow' },
  { code: 2, name: 'waiting', colour: 'brown' },
  { code: 3, name: 'notApplicable', colour: 'white' },
  { code: 4, name: 'done', colour: 'green' },
] as const;

export type StatusColour = 'grey' | 'red' | 'yellow' | 'brown' | 'white' | 'green';

/** What makes an open item overdue: a due date before today, or a deadline the server found passed. */
export interface StatusUrgency {
  dueDate?: string | null;
  /** The server's derived `overdue` (a data breach past its 72-hour deadline, a PDCA phase past its end). */
  overdue?: boolean;
}

/**
 * The one colour rule for an item's status wherever it shows (chip, dot, search result): red
 * means an open item is overdue — due before the start of today, or past a deadline the server
 * derived (a breach's 72 hours) — and nothing else, so a freshly created, healthy item is never
 * red. Otherwise the status's own colour: open grey-blue, in progress yellow, waiting brown,
 * not applicable white, done (and any other code) green. Closed items are never red.
 */
export function statusColour(status: number | null | undefined, urgency: StatusUrgency = {}, now = new Date()): StatusColour {
  if (typeof status === 'number' && !isClosedStatus(status)) {
    if (urgency.overdue === true || dueAlert(urgency.dueDate ?? null, status, now) === 'red') return 'red';
  }
  switch (status) {
    case 0:
      return 'grey';
    case 1:
      return 'yellow';
    case 2:
      return 'brown';
    case 3:
      return 'white';
    default:
      return 'green';
  }
}

export const statusHex: Record<StatusColour, string> = {
  grey: '#546e7a',
  red: '#d32f2f',
  yellow: '#f9a825',
  brown: '#795548',
  white: '#ffffff',
  green: '#2e7d32',
};

/** The text on each status colour: 4.5:1 or more against it (WCAG AA for a chip's small text). */
export const statusTextHex: Record<StatusColour, string> = {
  grey: '#ffffff',
  red: '#ffffff',
  yellow: '#1b2733',
  brown: '#ffffff',
  white: '#1b2733',
  green: '#ffffff',
};

/** Closed items (not applicable or done) count as complete in progress figures. */
export const isClosedStatus = (status: number) => status >= 3;

/** "Due soon" (yellow alert) covers the next 14 days, today included. */
export const DUE_SOON_DAYS = 14;

/** The start of today in local time: a due date before it is overdue. */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** 'red' when overdue, 'yellow' when due within DUE_SOON_DAYS, else null; closed items never alert. */
export function dueAlert(dueDate: string | null, status: number, now = new Date()): 'red' | 'yellow' | null {
  if (!dueDate || isClosedStatus(status)) return null;
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number);
  const due = new Date(y!, m! - 1, d!);
  const today = startOfToday(now);
  if (due < today) return 'red';
  const soon = new Date(today);
  soon.setDate(soon.getDate() + DUE_SOON_DAYS);
  return due <= soon ? 'yellow' : null;
}

/**
 * The colour of a register's progress bar, by the same rule: red only when something is overdue,
 * amber when something falls due soon, green when everything is closed, otherwise the neutral
 * primary colour — an empty or freshly started register is not red.
 */
export function progressTone(c: {
  total: number;
  red: number;
  yellow: number;
  open: number;
}): 'error' | 'warning' | 'success' | 'primary' {
  if (c.red > 0) return 'error';
  if (c.yellow > 0) return 'warning';
  if (c.total > 0 && c.open === 0) return 'success';
  return 'primary';
}
