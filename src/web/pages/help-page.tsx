import {
  CircleHelp,
  HandCoins,
  IndianRupee,
  Info,
  LifeBuoy,
  type LucideIcon,
  ShieldCheck,
} from "lucide-react";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "../components/ui/accordion";
import { Card } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { PageHeader, SupportChannels } from "./page-parts";

const categoryIcons: Record<string, LucideIcon> = {
  general: Info,
  buy: IndianRupee,
  sell: HandCoins,
  trust: ShieldCheck,
  refunds: LifeBuoy,
};

/** The Help Center: one FAQ accordion across all categories (one answer open at a time), then the support links. */
export function HelpPage() {
  const { t, list } = useTexts();
  const categories = list("pages.help.categories");
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <PageHeader
        icon={CircleHelp}
        title={t("pages.help.title")}
        description={t("pages.help.description")}
      />
      <Accordion type="single" collapsible className="space-y-8">
        {categories.map((category) => {
          const Icon = categoryIcons[category.id] ?? CircleHelp;
          const headingId = `faq-${category.id}`;
          return (
            <section key={category.id} aria-labelledby={headingId} className="space-y-3">
              <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
                <Icon className="size-5 text-primary" aria-hidden />
                {category.title}
              </h2>
              <Card className="px-4 sm:px-6">
                {category.items.map((item, index) => (
                  <AccordionItem key={item.question} value={`${category.id}-${index}`}>
                    <AccordionTrigger>{item.question}</AccordionTrigger>
                    <AccordionContent className="leading-relaxed">{item.answer}</AccordionContent>
                  </AccordionItem>
                ))}
              </Card>
            </section>
          );
        })}
      </Accordion>
      <section aria-labelledby="contact-support" className="space-y-3">
        <h2 id="contact-support" className="flex items-center gap-2 text-lg font-semibold">
          <LifeBuoy className="size-5 text-primary" aria-hidden />
          {t("pages.help.contact.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("pages.help.contact.description")}</p>
        <SupportChannels />
      </section>
    </div>
  );
}
