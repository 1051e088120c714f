import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { AutopilotCard } from "./autopilot-card";
import { BuyingCard } from "./buying-card";
import { HoldRulesCard } from "./hold-rules-card";
import { RetentionCard } from "./retention-card";
import { adminSettingsQueryOptions } from "./settings-api";
import { SettingsForm } from "./settings-form";
import { TaxCard } from "./tax-card";

export function SettingsPage() {
  const { t } = useTexts();
  const settings = useQuery(adminSettingsQueryOptions);
  const fetchError = settings.error;

  useEffect(() => {
    if (fetchError) {
      toast.error(t("adminSettings.fetchErrorTitle"), { description: fetchError.message });
    }
  }, [fetchError, t]);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminSettings.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminSettings.description")}</p>
      </header>
      {settings.data ? (
        // A fresh form per saved version, so its defaults are what the server holds.
        <>
          <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
          <RetentionCard />
        </>
      ) : fetchError ? (
        <Card role="alert" className="border-destructive/50">
          <CardHeader>
            <CardTitle size="sm">{t("adminSettings.fetchErrorTitle")}</CardTitle>
            <CardDescription>{fetchError.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => settings.refetch()}>
              {t("adminSettings.retry")}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("adminSettings.loading")}
        </p>
      )}
      <HoldRulesCard />
      <BuyingCard />
      <TaxCard />
      <AutopilotCard />
    </div>
  );
}
