import { useEffect, useState } from "react";
import { isOperatorOnline } from "../../shared/operator-hours";
import { useTexts } from "../i18n/use-texts";
import { Badge } from "./ui/badge";

/**
 * 'Operator: Online' during the desk's hours in India, 'Offline' otherwise; rechecked
 * every minute. The clock is read once the page runs, never at build time: the
 * pre-rendered page holds the badge's place, empty. (Read after the page came alive,
 * not while hydration commits: an update there makes React render again, and run every
 * component's effects, in that same long task.)
 */
export function OperatorStatus() {
  const { t } = useTexts();
  const [isOnline, setIsOnline] = useState<boolean | null>(null);
  useEffect(() => {
    const check = () => setIsOnline(isOperatorOnline(new Date()));
    check();
    const timer = setInterval(check, 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="space-y-1.5 text-xs text-muted-foreground">
      <p>{t("operator.workingHours")}</p>
      <Badge
        variant={isOnline ? "success" : "default"}
        data-testid="operator-status"
        className={isOnline === null ? "invisible" : undefined}
      >
        <span
          className={`size-2 rounded-full ${isOnline ? "bg-emerald-500" : "bg-muted-foreground"}`}
          aria-hidden
        />
        {isOnline ? t("operator.online") : t("operator.offline")}
      </Badge>
    </div>
  );
}
