import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { useTexts } from "../i18n/use-texts";

export function NotFoundPage() {
  const { t } = useTexts();
  return (
    <section className="mx-auto max-w-md py-16 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("notFound.message")}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t("notFound.home")}</Link>
      </Button>
    </section>
  );
}
