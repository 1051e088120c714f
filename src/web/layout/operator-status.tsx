import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isOperatorOnline } from "../../shared/operator-hours";
import { Badge } from "../components/ui/badge";

/** 'Operator: Online' during the desk's hours in India, 'Offline' otherwise; rechecked every minute. */
export function OperatorStatus() {
  const { t } = useTranslation();
  const [isOnline, setIsOnline] = useState(() => isOperatorOnline(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setIsOnline(isOperatorOnline(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="space-y-1.5 text-xs text-muted-foreground">
      <p>{t("operator.workingHours")}</p>
      <Badge variant={isOnline ? "success" : "default"} data-testid="operator-status">
        <span
          className={`size-2 rounded-full ${isOnline ? "bg-emerald-500" : "bg-muted-foreground"}`}
          aria-hidden
        />
        {isOnline ? t("operator.online") : t("operator.offline")}
      </Badge>
    </div>
  );
}
