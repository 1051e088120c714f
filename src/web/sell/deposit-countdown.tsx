import { useEffect, useState } from "react";
import { useTexts } from "../i18n/use-texts";
import { timeLeft } from "./time-left";

/**
 * The time left to send the deposit, each second, on the server's clock (this device's
 * plus `clockOffsetMs`): a phone's clock minutes off would show minutes wrong. A timer,
 * not a live region: a screen reader reads it when asked, not every second. At zero it
 * says what happens next; the order's own status (expired) comes from the server.
 */
export function DepositCountdown({
  expiresAt,
  clockOffsetMs,
}: {
  expiresAt: string;
  clockOffsetMs: number;
}) {
  const { t } = useTexts();
  const until = new Date(expiresAt).getTime();
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  const now = deviceNow + clockOffsetMs;
  const isUp = now >= until;
  useEffect(() => {
    if (isUp) return;
    const timer = setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isUp]);
  if (isUp) {
    return (
      <p role="status" className="rounded-md bg-amber-500/10 p-3 text-sm">
        {t("sell.page.timeUp")}
      </p>
    );
  }
  return (
    <div className="flex items-baseline justify-between gap-3 rounded-md bg-muted p-3">
      <span className="text-sm text-muted-foreground" id="deposit-time-left">
        {t("sell.page.timeLeft")}
      </span>
      <span
        role="timer"
        aria-labelledby="deposit-time-left"
        className="font-mono text-2xl font-semibold tabular-nums"
        data-testid="deposit-countdown"
      >
        {timeLeft(until, now)}
      </span>
    </div>
  );
}
