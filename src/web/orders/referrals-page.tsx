import { Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";

export function ReferralsPage() {
  const { t } = useTexts();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{t("orders.referrals.title")}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div
            role="status"
            className="rounded-md border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
          >
            <p className="font-semibold">{t("orders.referrals.unavailable")}</p>
            <p className="mt-1">{t("orders.referrals.unavailableHint")}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/contact-us">{t("orders.referrals.contact")}</Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">{t("orders.referrals.past")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <div className="py-6 text-center text-sm text-muted-foreground">
            <Users className="mx-auto mb-2 size-8" aria-hidden />
            {t("orders.referrals.none")}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
