import { useQuery } from "@tanstack/react-query";
import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../components/ui/table";
import { formatDateTime } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { VerificationReviewDialog } from "./verification-review-dialog";
import { waitingVerificationsQueryOptions } from "./verifications-api";

/** Admin → Verifications: the review queue, oldest first; ?user= opens one (the alert's link). */
export function VerificationsPage() {
  const { t } = useTranslation();
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
        <CardContent className="p-4 sm:p-6">
          <AdminListBody
            query={query}
            isEmpty={waiting.length === 0}
            failedTitle={t("adminVerifications.fetchFailedTitle")}
            empty={{ icon: FileCheck2, title: t("adminVerifications.empty") }}
          >
            <Table className="sm:min-w-[34rem]">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t("adminVerifications.columns.customer")}</TableHead>
                  <TableHead className="hidden sm:table-cell">
                    {t("adminVerifications.columns.panName")}
                  </TableHead>
                  <TableHead className="hidden sm:table-cell">
                    {t("adminVerifications.columns.submitted")}
                  </TableHead>
                  <TableHead className="sticky right-0 w-12 bg-card text-right">
                    <span className="sr-only">{t("admin.common.actions")}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {waiting.map((item) => (
                  <TableRow key={item.userId}>
                    <TableCell className="font-medium [overflow-wrap:anywhere]">
                      {item.email}
                      {item.wasRequested && (
                        <Badge variant="warning" className="ml-2">
                          {t("adminVerifications.askedBadge")}
                        </Badge>
                      )}
                      <div className="mt-1 text-xs font-normal text-muted-foreground sm:hidden">
                        {item.legalName} · {formatDateTime(item.submittedAt)}
                      </div>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{item.legalName}</TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">
                      {formatDateTime(item.submittedAt)}
                    </TableCell>
                    <TableCell className="sticky right-0 bg-card py-1.5 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t("adminVerifications.reviewFor", { email: item.email })}
                        onClick={() => setReviewing(item.userId)}
                      >
                        {t("adminVerifications.review")}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </AdminListBody>
        </CardContent>
      </Card>
      <VerificationReviewDialog userId={reviewing} onClose={onClose} />
    </div>
  );
}
