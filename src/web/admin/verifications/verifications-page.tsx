import { useQuery } from "@tanstack/react-query";
import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { AdminTable } from "../components/admin-table";
import { waitingVerificationsQueryOptions } from "../lib/verifications-api";
import { VerificationReviewDialog } from "./verification-review-dialog";

/** Admin → Verifications: the review queue, oldest first; ?user= opens one (the alert's link). */
export function VerificationsPage() {
  const { t } = useTexts();
  const query = useQuery(waitingVerificationsQueryOptions);
  const waiting = query.data?.waiting ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const [reviewing, setReviewing] = useState<string | null>(searchParams.get("user"));
  const onClose = () => {
    setReviewing(null);
    if (searchParams.has("user")) setSearchParams({}, { replace: true });
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("adminVerifications.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminVerifications.description")}</p>
      </header>
      <Card>
        <CardContent padding="full">
          <AdminListBody
            query={query}
            isEmpty={waiting.length === 0}
            failedTitle={t("adminVerifications.fetchFailedTitle")}
            empty={{ icon: FileCheck2, title: t("adminVerifications.empty") }}
          >
            <AdminTable
              className="sm:min-w-[34rem]"
              rows={waiting}
              rowKey={(item) => item.userId}
              columns={[
                {
                  id: "customer",
                  header: t("adminVerifications.columns.customer"),
                  cellClassName: "font-medium [overflow-wrap:anywhere]",
                  cell: (item) => (
                    <>
                      {item.email}
                      {item.wasRequested && (
                        <Badge variant="warning" className="ml-2">
                          {t("adminVerifications.askedBadge")}
                        </Badge>
                      )}
                      <div className="mt-1 text-xs font-normal text-muted-foreground sm:hidden">
                        {item.legalName} · {formatDateTime(item.submittedAt)}
                      </div>
                    </>
                  ),
                },
                {
                  id: "panName",
                  header: t("adminVerifications.columns.panName"),
                  className: "hidden sm:table-cell",
                  cell: (item) => item.legalName,
                },
                {
                  id: "submitted",
                  header: t("adminVerifications.columns.submitted"),
                  className: "hidden sm:table-cell",
                  cellClassName: "whitespace-nowrap",
                  cell: (item) => formatDateTime(item.submittedAt),
                },
              ]}
              actions={{
                cell: (item) => (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t("adminVerifications.reviewFor", { email: item.email })}
                    onClick={() => setReviewing(item.userId)}
                  >
                    {t("adminVerifications.review")}
                  </Button>
                ),
              }}
            />
          </AdminListBody>
        </CardContent>
      </Card>
      <VerificationReviewDialog userId={reviewing} onClose={onClose} />
    </div>
  );
}
