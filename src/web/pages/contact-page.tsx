import { CircleHelp, Clock, HandCoins, Headset } from "lucide-react";
import { Link } from "react-router";
import { OperatorStatus } from "../components/operator-status";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { PageHeader, SupportChannels } from "./page-parts";

/** /contact-us: the three support channels, the 24/7 promise and the operator's working hours. */
export function ContactPage() {
  const { t } = useTexts();
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <PageHeader
        icon={Headset}
        title={t("pages.contact.title")}
        description={t("pages.contact.description")}
      >
        <Badge variant="accent" size="md">
          <Clock className="size-3.5" aria-hidden />
          {t("pages.contact.available")}
        </Badge>
      </PageHeader>

      <section aria-labelledby="contact-channels" className="space-y-3">
        <h2 id="contact-channels" className="text-lg font-semibold">
          {t("pages.contact.channelsTitle")}
        </h2>
        <SupportChannels />
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader layout="spaced">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Clock className="size-5 text-primary" aria-hidden />
              {t("pages.contact.hoursTitle")}
            </h2>
            <CardDescription>{t("pages.contact.hoursDescription")}</CardDescription>
            <OperatorStatus />
          </CardHeader>
        </Card>
        <Card>
          <CardHeader layout="spaced">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <HandCoins className="size-5 text-primary" aria-hidden />
              {t("pages.contact.sellTitle")}
            </h2>
            <CardDescription>{t("pages.contact.sellDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" size="sm" asChild>
              <Link to="/help">
                <CircleHelp aria-hidden />
                {t("pages.contact.helpLink")}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
