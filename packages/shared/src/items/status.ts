/**
 * Item status codes and colours (0 red, 1 yellow, 2 brown, 3 white, other green).
 * Names are translation keys `status.<name>`.
 */
export const itemStatuses = [
  { code: 0, name: 'open', colour: 'red' },
  { code: 1, name: 'inProgress', colour: 'yellow' },
  { code: 2, name: 'waiting', colour: 'brown' },
  { code: 3, name: 'notApplicable', colour: 'white' },
  { code: 4, name: 'done', colour: 'green' },
] as const;

export type StatusColour = 'red' | 'yellow' | 'brown' | 'white' | 'green';

export function statusColour(status: number | null | undefined): StatusColour {
  switch (status) {
    case 0:
      return 'red';
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
  red: '#d32f2f',
  yellow: '#f9a825',
  brown: '#795548',
  white: '#ffffff',
  green: '#2e7d32',
};

/** The text on each status colour: 4.5:1 or more against it (WCAG AA for a chip's small text). */
export const statusTextHex: Record<StatusColour, string> = {
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
