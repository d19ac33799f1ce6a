import { demoCountdown } from '@pc/shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The demo reset countdown as text (7 days after creation, in days and hours).
 * Once the time is up the reset is due at the next run of the job.
 */
export function demoCountdownText(t: Translate, creationDate: string | Date, now: Date): string {
  const { days, hours } = demoCountdown(creationDate, now);
  if (days === 0 && hours === 0) return t('companiesAdmin.demo.due');
  return t('companiesAdmin.demo.resetIn', {
    days: t('companiesAdmin.demo.days', { count: days }),
    hours: t('companiesAdmin.demo.hours', { count: hours }),
  });
}
