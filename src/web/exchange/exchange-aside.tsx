import { Info, MessageCircle, Send } from "lucide-react";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { useSiteSettings } from "../site/site-settings";

/* Beside the form: how to pay, and where to go to sell instead (where there is no Sell tab). */

export function PaymentInstructions() {
  const { t } = useTexts();
  return (
    <Card className="border-amber-500/40">
      <CardContent padding="none" className="space-y-3 p-6 text-sm">
        <h2 className="flex items-center gap-2 font-semibold">
          <Info className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
          {t("exchange.instructions.title")}
        </h2>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>{t("exchange.instructions.personalAccounts")}</li>
          <li>{t("exchange.instructions.thirdParty")}</li>
        </ul>
        <h3 className="font-semibold">{t("exchange.instructions.guidelinesTitle")}</h3>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>{t("exchange.instructions.noWords")}</li>
          <li>{t("exchange.instructions.blankRemarks")}</li>
          <li>{t("exchange.instructions.tax")}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

export function SellNote() {
  const { t } = useTexts();
  const { data } = useSiteSettings();
  // Where the desk buys USDT, the Sell tab is the way: no word of selling by chat.
  if (data?.buyNetworks.length) return null;
  return (
    <Card>
      <CardContent padding="none" className="space-y-3 p-6 text-sm">
        <h2 className="font-semibold">{t("exchange.sellTitle")}</h2>
        <p className="text-muted-foreground">{t("exchange.sellMessage")}</p>
        {data && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={data.supportLinks.whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden />
                {t("exchange.sellWhatsapp")}
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href={data.supportLinks.telegram} target="_blank" rel="noopener noreferrer">
                <Send aria-hidden />
                {t("exchange.sellTelegram")}
              </a>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
