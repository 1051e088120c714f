import { Headline } from "../components/headline";
import { InstructionList, InstructionsCard } from "../components/instructions-card";
import { useTexts } from "../i18n/use-texts";
import { HEADING_ID } from "../lib/exchange-side";

/* The Sell tab's own words around its panel: a seller pays no rupees, they send USDT. */

/** The screen's headline on the Sell tab. */
export function SellHeadline() {
  const { t } = useTexts();
  return (
    <Headline
      id={HEADING_ID}
      title={t("sell.heading.title")}
      description={t("sell.heading.description")}
    />
  );
}

/** Beside the Sell tab's panel: whose wallet and account, and how to send the USDT. */
export function SellInstructions() {
  const { t } = useTexts();
  return (
    <InstructionsCard title={t("sell.instructions.title")}>
      <InstructionList
        items={[t("sell.instructions.ownWallet"), t("sell.instructions.ownAccount")]}
      />
      <InstructionList
        heading={t("sell.instructions.sendingTitle")}
        items={[
          t("sell.instructions.exactAmount"),
          t("sell.instructions.network"),
          t("sell.instructions.exchangeFee"),
        ]}
      />
    </InstructionsCard>
  );
}
