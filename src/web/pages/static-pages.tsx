import { FileText, Info, Lock, MessageCircle, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { StaticPage } from "./page-parts";

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <StaticPage
      icon={Info}
      title={t("pages.about.title")}
      intro={t("pages.about.intro")}
      sections={t("pages.about.sections", { returnObjects: true })}
    />
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <StaticPage
      icon={FileText}
      title={t("pages.terms.title")}
      intro={t("pages.terms.intro")}
      sections={t("pages.terms.sections", { returnObjects: true })}
    />
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <StaticPage
      icon={Lock}
      title={t("pages.privacy.title")}
      intro={t("pages.privacy.intro")}
      sections={t("pages.privacy.sections", { returnObjects: true })}
    />
  );
}

export function RefundPage() {
  const { t } = useTranslation();
  return (
    <StaticPage
      icon={RotateCcw}
      title={t("pages.refund.title")}
      intro={t("pages.refund.intro")}
      sections={t("pages.refund.sections", { returnObjects: true })}
    >
      <Button asChild>
        <Link to="/contact-us">
          <MessageCircle aria-hidden />
          {t("pages.refund.contactLink")}
        </Link>
      </Button>
    </StaticPage>
  );
}
