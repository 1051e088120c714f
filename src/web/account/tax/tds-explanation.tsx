import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { type AccountTax, wholeRupees } from "./tax-api";

/** TDS under section 194S in plain words, with the desk's own rates and threshold. */
export function TdsExplanation({ tax }: { tax: AccountTax }) {
  const { t } = useTexts();
  const figures = {
    threshold: wholeRupees(tax.threshold.inr),
    rate: tax.ratePercent,
    noPanRate: tax.noPanRatePercent,
  };
  const isMonthly = tax.certificatePeriod === "month";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("tax.explain.heading")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>{t("tax.explain.what")}</p>
        <p>{t("tax.explain.threshold", figures)}</p>
        <p>{t("tax.explain.pan", figures)}</p>
        <p>{t("tax.explain.credit")}</p>
        <p>{isMonthly ? t("tax.explain.certificateMonth") : t("tax.explain.certificateQuarter")}</p>
      </CardContent>
    </Card>
  );
}
