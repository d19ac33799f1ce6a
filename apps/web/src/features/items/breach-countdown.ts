import { isClosedStatus } from '@pc/shared';

export type CountdownState = 'running' | 'urgent' | 'overdue' | 'notified' | 'notifiedLate' | 'closed' | 'none';

/** Less than this much time left turns the countdown amber. */
export const URGENT_MS = 24 * 3_600_000;

/**
 * Art. 33 countdown of a breach for display: time left until the authority must be told, or
 * overdue; a notified or closed breach no longer counts down.
 */
export function breachCountdown(
  input: { deadline: string | Date | null | undefined; notified: boolean; overdue: boolean; status: number },
  now = new Date(),
): { state: CountdownState; remainingMs: number } {
  if (!input.deadline) return { state: 'none', remainingMs: 0 };
  const deadline = new Date(input.deadline);
  const remainingMs = deadline.getTime() - now.getTime();
  if (input.notified) return { state: input.overdue ? 'notifiedLate' : 'notified', remainingMs };
  if (isClosedStatus(input.status)) return { state: 'closed', remainingMs };
  if (remainingMs < 0) return { state: 'overdue', remainingMs };
  return { state: remainingMs < URGENT_MS ? 'urgent' : 'running', remainingMs };
}
