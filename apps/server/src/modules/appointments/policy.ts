import type { AppointmentRights } from '@pc/shared';

/**
 * The caller's rights on an appointment they can see (row-level security and the scope decided
 * that): Appointment.Read with Appointment.Write edits and deletes. Sent with every appointment;
 * the web shows controls from these. Creating needs the same claims and is guarded by the
 * route's claim rule.
 */
export function appointmentRights(claims: ReadonlySet<string>): AppointmentRights {
  const write = claims.has('Appointment.Read') && claims.has('Appointment.Write');
  return { write, delete: write };
}
