import { useTranslation } from "react-i18next";

export function ExchangePage() {
  const { t } = useTranslation();
  return (
    <section className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">{t("exchange.headline")}</h1>
      <p className="text-muted-foreground">{t("exchange.subheadline")}</p>
    </section>
  );
}
