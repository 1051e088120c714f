import { Download, FileText } from "lucide-react";
import { localeOf } from "../../../shared/languages";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { pageLanguage } from "../../i18n";
import { useTexts } from "../../i18n/use-texts";
import { formatAmount, formatDate } from "../../lib/format";
import type { AccountTax, TaxCertificate } from "./tax-api";

/** "Quarter 2: 1 Jul 2026 to 30 Sept 2026", or a month's name and year. */
function usePeriodName() {
  const { t } = useTexts();
  return ({ period }: TaxCertificate) =>
    period.kind === "quarter"
      ? t("tax.certificates.quarter", {
          number: period.number,
          from: formatDate(period.firstDay),
          to: formatDate(period.lastDay),
        })
      : new Intl.DateTimeFormat(localeOf(pageLanguage()), {
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        }).format(new Date(`${period.firstDay}T00:00:00Z`));
}

/** The year's certificates, each downloadable once ready. */
export function CertificateList({ tax }: { tax: AccountTax }) {
  const { t } = useTexts();
  const periodName = usePeriodName();
  const isMonthly = tax.certificatePeriod === "month";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("tax.certificates.heading")}</h2>
        </CardTitle>
        <CardDescription>
          {isMonthly
            ? t("tax.certificates.descriptionMonth")
            : t("tax.certificates.descriptionQuarter")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {tax.certificates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("tax.certificates.none")}</p>
        ) : (
          <ul className="divide-y">
            {tax.certificates.map((certificate) => (
              <li key={certificate.period.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
                <p className="flex items-start gap-2 font-medium">
                  <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  {periodName(certificate)}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t("tax.certificates.figures", {
                    tds: formatAmount(certificate.tdsInr),
                    amount: formatAmount(certificate.grossInr),
                    count: certificate.deductions,
                  })}
                </p>
                <CertificateState certificate={certificate} name={periodName(certificate)} />
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">
          {isMonthly ? t("tax.certificates.noteMonth") : t("tax.certificates.noteQuarter")}
        </p>
      </CardContent>
    </Card>
  );
}

function CertificateState({ certificate, name }: { certificate: TaxCertificate; name: string }) {
  const { t } = useTexts();
  if (!certificate.downloadUrl) {
    return <p className="text-sm">{t("tax.certificates.awaitingDeposit")}</p>;
  }
  const isMonth = certificate.period.kind === "month";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant="success">{t("tax.certificates.ready")}</Badge>
        <Button asChild variant="outline" size="sm">
          {/* The server answers it as an attachment: the browser saves it, the page stays. */}
          <a
            href={certificate.downloadUrl}
            download
            aria-label={t("tax.certificates.downloadLabel", { period: name })}
          >
            <Download aria-hidden />
            {t("tax.certificates.download")}
          </a>
        </Button>
      </div>
      {certificate.state === "ready_so_far" && (
        <p className="text-xs text-muted-foreground">
          {isMonth ? t("tax.certificates.soFarMonth") : t("tax.certificates.soFarQuarter")}
        </p>
      )}
    </div>
  );
}
