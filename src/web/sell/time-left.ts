/** Minutes and seconds left until `untilMs` ("29:05"), rounded up to the second; never below zero. */
export function timeLeft(untilMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}
