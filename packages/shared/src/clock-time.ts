/**
 * A time of day as people type it into a booking: "9", "09", "930", "0930", "9:30", "09:30" and
 * "9.30" all mean 09:30 or 09:00; "24", "2400" and "24:00" end a day. Answers "HH:mm", or null
 * for anything that is not a time (minutes past 59, hours past 24, other characters).
 */
export function parseClockTime(input: string): string | null {
  const s = input.trim();
  let h: number;
  let m: number;
  const parts = /^(\d{1,2})[:.](\d{2})$/.exec(s);
  if (parts) {
    h = Number(parts[1]);
    m = Number(parts[2]);
  } else if (/^\d{1,4}$/.test(s)) {
    // One or two digits are the hour; three or four end in the minutes ("930", "0930", "1730").
    h = s.length <= 2 ? Number(s) : Number(s.slice(0, -2));
    m = s.length <= 2 ? 0 : Number(s.slice(-2));
  } else {
    return null;
  }
  if (m > 59 || h > 24 || (h === 24 && m !== 0)) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The hours between two typed times, as the booking will count them: null until both are times
 * and the end is after the start.
 */
export function typedHours(start: string, end: string): number | null {
  const a = parseClockTime(start);
  const b = parseClockTime(end);
  if (!a || !b) return null;
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = minutes(b) - minutes(a);
  return d > 0 ? d / 60 : null;
}
