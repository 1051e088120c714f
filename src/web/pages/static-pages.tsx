import { FileText, Info, Lock, MessageCircle, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";
import { StaticPage } from "./page-parts";

export function AboutPage() {
  const { t, list } = useTexts();
  return (
    <StaticPage
      icon={Info}
      title={t("pages.about.title")}
      intro={t("pages.about.intro")}
      sections={list("pages.about.sections")}
    />
  );
}

export function TermsPage() {
  const { t, list } = useTexts();
  return (
    <StaticPage
      icon={FileText}
      title={t("pages.terms.title")}
      intro={t("pages.terms.intro")}
      sections={list("pages.terms.sections")}
    />
  );
}

export function PrivacyPage() {
  const { t, list } = useTexts();
  return (
    <StaticPage
      icon={Lock}
      title={t("pages.privacy.title")}
      intro={t("pages.privacy.intro")}
      sections={list("pages.privacy.sections")}
    />
  );
}

export function RefundPage() {
  const { t, list } = useTexts();
  return (
    <StaticPage
      icon={RotateCcw}
      title={t("pages.refund.title")}
      intro={t("pages.refund.intro")}
      sections={list("pages.refund.sections")}
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
