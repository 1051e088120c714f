import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { FiguresCard, LIMIT_FIGURES, OFFER_FIGURES } from "./figures-card";
import { SaveButton } from "./save-button";
import type { AdminSettings } from "./settings-api";
import { BankSection, GeneralSection, SupportSection } from "./settings-form-sections";
import { useSettingsForm } from "./use-settings-form";

/** The site's settings saved together: payment details, support links, limits and offers. */
export function SettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTexts();
  const { form, onSubmit } = useSettingsForm(settings);
  const isSaving = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <GeneralSection control={form.control} />
        <BankSection control={form.control} />
      </div>
      <SupportSection control={form.control} supportDefaults={settings.supportDefaults} />
      <FiguresCard control={form.control} area="limits" fields={LIMIT_FIGURES} />
      <FiguresCard control={form.control} area="offers" fields={OFFER_FIGURES} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-center text-xs text-muted-foreground sm:text-right">
          {t("adminSettings.lastSaved", { date: formatDateTime(settings.updatedAt) })}
        </p>
        <SaveButton isSaving={isSaving} size="lg">
          {isSaving ? t("adminSettings.saving") : t("adminSettings.save")}
        </SaveButton>
      </div>
    </form>
  );
}
