import { useTexts } from "../i18n/use-texts";
import { formatAmount } from "../lib/format";

/**
 * A sale's rupees with its tax: what the buy rate gives, the TDS taken (its rate and
 * section), and what reaches the seller's account. As the Sell tab quotes it, and as
 * the sale keeps it.
 */
export function SaleTaxLines({
  grossInr,
  tds,
  payoutInr,
}: {
  grossInr: string;
  tds: { ratePercent: string; inr: string; withoutPan: boolean };
  payoutInr: string;
}) {
  const { t } = useTexts();
  return (
    <dl className="space-y-1 text-sm" data-testid="sale-tax">
      <div className="flex justify-between gap-3">
        <dt>{t("sell.tax.atBuyRate")}</dt>
        <dd className="tabular-nums">₹{formatAmount(grossInr)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt>
          {t(tds.withoutPan ? "sell.tax.tdsWithoutPan" : "sell.tax.tds", {
            rate: tds.ratePercent,
          })}
        </dt>
        <dd className="tabular-nums">−₹{formatAmount(tds.inr)}</dd>
      </div>
      <div className="flex justify-between gap-3 font-semibold">
        <dt>{t("sell.tax.reachesYou")}</dt>
        <dd className="tabular-nums" data-testid="sale-payout">
          ₹{formatAmount(payoutInr)}
        </dd>
      </div>
    </dl>
  );
}
