import { ExternalLink, type LucideIcon, Mail, MessageCircle, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../components/ui/card";
import { useTexts } from "../i18n/use-texts";
import { useSiteSettings } from "../lib/site-settings";
import { cn } from "../lib/utils";

/** The page's one <h1>, with an icon and a short description under it. */
export function PageHeader({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <header data-slot="page-header" className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="min-w-0 space-y-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
        {children}
      </div>
    </header>
  );
}

export interface StaticSection {
  title: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

/** Layout of the static pages: a header, then one card with a titled block per section. */
export function StaticPage({
  icon,
  title,
  intro,
  sections,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro: string;
  sections: readonly StaticSection[];
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl space-y-8">
      <PageHeader icon={icon} title={title} description={intro} />
      <Card className="divide-y">
        {sections.map((section) => (
          <section key={section.title} className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="text-sm leading-relaxed text-muted-foreground">
                {paragraph}
              </p>
            ))}
            {section.items && (
              <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed text-muted-foreground marker:text-primary">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </Card>
      {children}
    </article>
  );
}

interface Channel {
  key: "telegram" | "whatsapp" | "email";
  href: string;
  icon: LucideIcon;
  iconClass: string;
  label: string;
  detail: string;
  isExternal: boolean;
}

/** The Telegram, WhatsApp and e-mail links served by the site settings, as a grid of cards. */
export function SupportChannels({ className }: { className?: string }) {
  const { t } = useTexts();
  const { data, isPending, isError } = useSiteSettings();

  if (isPending) {
    return (
      <div className={cn("grid gap-4 sm:grid-cols-3", className)}>
        <span className="sr-only" role="status">
          {t("pages.channels.loading")}
        </span>
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-20 animate-pulse rounded-lg border bg-muted sm:h-36" />
        ))}
      </div>
    );
  }
  if (isError || !data) {
    return (
      <p role="alert" className={cn("text-sm text-destructive", className)}>
        {t("pages.channels.error")}
      </p>
    );
  }

  const { telegram, whatsapp, email } = data.supportLinks;
  const channels: Channel[] = [
    {
      key: "telegram",
      href: telegram,
      icon: Send,
      iconClass: "bg-[#1d7fc4] text-white",
      label: t("pages.channels.telegram.name"),
      detail: t("pages.channels.telegram.description"),
      isExternal: true,
    },
    {
      key: "whatsapp",
      href: whatsapp,
      icon: MessageCircle,
      iconClass: "bg-[#1f9d55] text-white",
      label: t("pages.channels.whatsapp.name"),
      detail: t("pages.channels.whatsapp.description"),
      isExternal: true,
    },
    {
      key: "email",
      href: `mailto:${email}`,
      icon: Mail,
      iconClass: "bg-primary text-primary-foreground",
      label: t("pages.channels.email.name"),
      detail: email,
      isExternal: false,
    },
  ];

  return (
    <ul className={cn("grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-3", className)}>
      {channels.map(({ key, href, icon: Icon, iconClass, label, detail, isExternal }) => (
        <li key={key}>
          <a
            href={href}
            data-testid={`support-${key}`}
            {...(isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="flex h-full items-center gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm transition-colors outline-none hover:border-primary hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:flex-col sm:items-start sm:gap-3"
          >
            <span
              className={cn(
                "flex size-11 shrink-0 items-center justify-center rounded-full",
                iconClass,
              )}
            >
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-1.5 font-semibold wrap-anywhere">
                {label}
                {isExternal && (
                  <ExternalLink className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                )}
              </span>
              <span className="block text-sm wrap-anywhere text-muted-foreground">{detail}</span>
              {isExternal && <span className="sr-only">{t("pages.channels.newTab")}</span>}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
