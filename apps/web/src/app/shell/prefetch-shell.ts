import type { Language, UserMe } from '@pc/shared';
import type { QueryClient } from '@tanstack/react-query';
import { upcomingAppointmentCountQuery } from '../../features/calendar/api';
import { helpRoutesQuery } from '../../features/help/api';
import { itemStatisticsQuery } from '../../lib/item-statistics';
import { hasClaim } from '../../lib/permissions';

/**
 * The shell's own requests (the menu's issue badge, the help button, the appointment count),
 * asked for on a page load before the shell renders. The conditions are the shell's: a request
 * it would not make is not made here either.
 */
export function prefetchShellData(client: QueryClient, me: UserMe, language: Language, locked: boolean): void {
  const scopeId = me.scopeCompany?.id ?? null;
  if (hasClaim(me, 'Issue.Read')) void client.prefetchQuery(itemStatisticsQuery(scopeId));
  void client.prefetchQuery(helpRoutesQuery(language));
  if (!locked && hasClaim(me, 'Appointment.Read')) void client.prefetchQuery(upcomingAppointmentCountQuery(scopeId));
}
