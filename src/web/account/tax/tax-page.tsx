import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { DetailRow } from "../../components/detail-row";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { formatAmount } from "../../lib/format";
import { CertificateList } from "./certificate-list";
import { type AccountTax, accountTaxQueryOptions, wholeRupees } from "./tax-api";
import { TaxedSalesList } from "./taxed-sales-list";
import { TdsExplanation } from "./tds-explanation";

/** Profile → Tax: the customer's sales of a financial year, their TDS and their certificates. */
export function TaxPage() {
  const { t } = useTexts();
  const [year, setYear] = useState<number | undefined>();
  const query = useQuery(accountTaxQueryOptions(year));
  const tax = query.data;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{t("tax.title")}</h1>
          </CardTitle>
          <CardDescription>{t("tax.description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {tax ? (
            <>
              <YearPicker tax={tax} onChange={setYear} />
              <YearSummary tax={tax} />
              <ThresholdPosition tax={tax} />
            </>
          ) : query.isError ? (
            <div role="alert" className="space-y-3 text-sm">
              <p>{t("tax.loadFailed")}</p>
              <Button variant="outline" onClick={() => query.refetch()}>
                {t("tax.retry")}
              </Button>
            </div>
          ) : (
            <p role="status" className="flex justify-center py-8">
              <Spinner size="large" />
            </p>
          )}
        </CardContent>
      </Card>
      {tax && (
        <>
          <CertificateList tax={tax} />
          <TaxedSalesList sales={tax.sales} yearLabel={tax.financialYearLabel} />
          <TdsExplanation tax={tax} />
        </>
      )}
    </div>
  );
}

/** The year shown; a choice only once the customer has more than one. */
function YearPicker({ tax, onChange }: { tax: AccountTax; onChange: (year: number) => void }) {
  const { t } = useTexts();
  const id = useId();
  if (tax.years.length < 2) return null;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("tax.year")}
      </label>
      <NativeSelect
        id={id}
        value={tax.financialYear}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {tax.years.map(({ financialYear, label }) => (
          <option key={financialYear} value={financialYear}>
            {t("tax.yearOption", { label })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function YearSummary({ tax }: { tax: AccountTax }) {
  const { t } = useTexts();
  const { totals } = tax;
  const hasPendingTds = totals.pendingTdsInr !== "0.00";
  return (
    <dl className="text-sm">
      <DetailRow label={t("tax.summary.sold")}>₹{formatAmount(totals.grossInr)}</DetailRow>
      <DetailRow label={t("tax.summary.tds")}>₹{formatAmount(totals.tdsInr)}</DetailRow>
      <DetailRow label={t("tax.summary.net")}>₹{formatAmount(totals.netInr)}</DetailRow>
      {hasPendingTds && (
        <p className="pt-2 text-muted-foreground">
          {t("tax.summary.pending", { amount: `₹${formatAmount(totals.pendingTdsInr)}` })}
        </p>
      )}
    </dl>
  );
}

/** Where the customer stands against the yearly threshold, and whether their PAN is verified. */
function ThresholdPosition({ tax }: { tax: AccountTax }) {
  const { t } = useTexts();
  const { threshold } = tax;
  if (!tax.deducts) {
    return <p className="rounded-md bg-muted p-3 text-sm">{t("tax.threshold.notDeducting")}</p>;
  }
  const figures = {
    year: formatAmount(threshold.yearInr),
    threshold: wholeRupees(threshold.inr),
    remaining: formatAmount(threshold.remainingInr),
    rate: tax.ratePercent,
  };
  return (
    <div className="space-y-2 rounded-md bg-muted p-3 text-sm">
      <p>
        {threshold.isPassed
          ? t("tax.threshold.passed", figures)
          : t("tax.threshold.under", figures)}
      </p>
      {threshold.hasVerifiedPan ? (
        <p>{t("tax.threshold.panVerified")}</p>
      ) : (
        <p>
          {t("tax.threshold.panMissing", figures)}{" "}
          <Link to="/verify" className="touch-target text-primary underline underline-offset-4">
            {t("tax.threshold.verifyLink")}
          </Link>
        </p>
      )}
    </div>
  );
}
