import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { parseAmount } from "../../shared/money";
import { quoteSaleRupees } from "../../shared/quote";
import { quoteSaleTds } from "../../shared/sale-tds";
import { useTexts } from "../i18n/use-texts";
import { formatAmount } from "../lib/format";
import { cn } from "../lib/utils";
import { SaleTaxLines } from "./sale-tax-lines";
import { sellerTaxTermsQueryOptions } from "./sell-api";

/**
 * What the seller receives for the USDT typed, before they sell: the rupees at the buy
 * rate and, for a signed-in seller past the year's threshold, the TDS and what reaches
 * their account. The server decides both when the sale is placed, by the same rules
 * (shared/quote.ts, shared/sale-tds.ts).
 */
export function SaleQuote({
  usdtAmount,
  buyRate,
  seller,
}: {
  usdtAmount: string;
  buyRate: string;
  /** Whether a seller is signed in: their terms are read once one is. */
  seller: "visitor" | "pending" | "signedIn";
}) {
  const { t } = useTexts();
  const terms = useQuery({ ...sellerTaxTermsQueryOptions, enabled: seller === "signedIn" });
  const rupees = quoteSaleRupees({ usdt: usdtAmount, rate: buyRate });
  const tax = terms.data && quoteSaleTds(rupees, terms.data);
  // The tax's lines come with an amount typed: an empty form does not move when they would.
  const hasAmount = parseAmount(usdtAmount) !== null;
  return (
    <div className="space-y-2 rounded-md bg-muted p-3">
      <p className="text-sm text-muted-foreground">{t("sell.form.youReceive")}</p>
      <p className="text-2xl font-semibold" aria-live="polite" data-testid="sale-rupees">
        ₹{formatAmount(tax && tax.kind !== "needsPan" ? tax.payoutInr : rupees)}
      </p>
      <p className="text-sm">{t("sell.form.rate", { rate: formatAmount(buyRate) })}</p>
      {tax?.kind === "taxed" && hasAmount && (
        <SaleTaxLines
          grossInr={rupees}
          tds={{ ratePercent: tax.ratePercent, inr: tax.tdsInr, withoutPan: tax.withoutPan }}
          payoutInr={tax.payoutInr}
        />
      )}
      {/* Room kept for the note, so that the form does not move when the session and the terms answer. */}
      <p
        className={cn(
          "min-h-[3lh] text-xs",
          tax?.kind === "needsPan" ? "text-destructive" : "text-muted-foreground",
        )}
        role={tax?.kind === "needsPan" ? "status" : undefined}
      >
        {seller === "visitor" && t("sell.tax.visitor")}
        {tax?.kind !== "needsPan" &&
          terms.data?.deducts &&
          t("sell.tax.yearSoFar", {
            year: formatAmount(terms.data.yearInr),
            threshold: formatAmount(terms.data.thresholdInr),
          })}
        {tax?.kind === "needsPan" && terms.data && (
          <>
            {t("sell.tax.needsPan", { threshold: formatAmount(terms.data.thresholdInr) })}{" "}
            <Link to="/verify" className="underline underline-offset-4">
              {t("sell.tax.verify")}
            </Link>
          </>
        )}
      </p>
      <p className="text-xs text-muted-foreground">{t("sell.form.centsNote")}</p>
    </div>
  );
}
