/** The desk's working time in India Standard Time (UTC+5:30, no daylight saving). */
export const OPERATOR_HOURS = { opensAtMinute: 9 * 60, closesAtMinute: 22 * 60 };
const IST_OFFSET_MINUTES = 5 * 60 + 30;

export function isOperatorOnline(now: Date): boolean {
  const minuteOfDay =
    (now.getUTCHours() * 60 + now.getUTCMinutes() + IST_OFFSET_MINUTES) % (24 * 60);
  return minuteOfDay >= OPERATOR_HOURS.opensAtMinute && minuteOfDay < OPERATOR_HOURS.closesAtMinute;
}
