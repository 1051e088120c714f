/** Days by which FIU-IND must have a suspicious transaction report (PML Rules, rule 8). */
export const REPORT_WITHIN_WORKING_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * The calendar day (YYYY-MM-DD) that many working days after another: Saturdays and
 * Sundays do not count. Public holidays do count, so the day is never later than the
 * law's, at most a few days earlier.
 */
export function addWorkingDays(day: string, workingDays: number): string {
  let at = Date.parse(`${day}T00:00:00Z`);
  for (let left = workingDays; left > 0; ) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}
