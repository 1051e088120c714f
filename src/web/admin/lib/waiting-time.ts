import { useEffect, useState } from "react";
import type { TextFunction } from "../../i18n/text-keys";

/* How long an open order or sale has waited, on the order desk's queues. */

/** How long an open order has waited, in the desk's short words. */
export function waitingTime(since: string, now: number, t: TextFunction) {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return t("adminOrders.waiting.minutes", { count: minutes });
  if (minutes < 24 * 60) {
    return t("adminOrders.waiting.hours", {
      hours: Math.floor(minutes / 60),
      minutes: minutes % 60,
    });
  }
  return t("adminOrders.waiting.days", { count: Math.floor(minutes / (24 * 60)) });
}

/** The current time, moving on every minute, for the waiting times. */
export function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
