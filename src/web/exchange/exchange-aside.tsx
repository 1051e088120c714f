import { MessageCircle, Send } from "lucide-react";
import { InstructionList, InstructionsCard } from "../components/instructions-card";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { useSiteSettings } from "../lib/site-settings";

/*
 * Beside the buy form: how to pay, and where to go to sell instead (where there is no
 * Sell tab). The Sell tab brings its own instructions (sell/sell-aside.tsx).
 */

/** The buy side's instructions: how to pay (the product's own words). */
export function PaymentInstructions() {
  const { t } = useTexts();
  return (
    <InstructionsCard title={t("exchange.instructions.title")}>
      <InstructionList
        items={[t("exchange.instructions.personalAccounts"), t("exchange.instructions.thirdParty")]}
      />
      <InstructionList
        heading={t("exchange.instructions.guidelinesTitle")}
        items={[
          t("exchange.instructions.noWords"),
          t("exchange.instructions.blankRemarks"),
          t("exchange.instructions.tax"),
        ]}
      />
    </InstructionsCard>
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
