/** Minutes and seconds left until `untilMs` ("29:05"), rounded up to the second; never below zero. */
export function timeLeft(untilMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * How far the server's clock is ahead of this device's (behind when negative), from an
 * answer stamped `serverNow` to a request sent at `sentAtMs` and answered at
 * `answeredAtMs` on the device's clock: the stamp is taken as halfway between, the way
 * there and back taking about as long. A phone's clock may be minutes off.
 */
export function serverClockOffset(serverNow: string, sentAtMs: number, answeredAtMs: number) {
  return Date.parse(serverNow) - (sentAtMs + answeredAtMs) / 2;
}
