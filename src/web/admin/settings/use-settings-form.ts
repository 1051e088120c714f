import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldErrors, useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type SiteSettingsInput,
  siteSettingsInputSchema,
} from "../../../shared/site-settings-input";
import { useTexts } from "../../i18n/use-texts";
import {
  type AdminSettings,
  InvalidSettingsError,
  toSettingsForm,
  useSaveSettings,
} from "./settings-api";

/**
 * The settings form, starting from what the server holds, and its submit: a refusal
 * of one field lands under it, and every failure is told in a toast.
 */
export function useSettingsForm(settings: AdminSettings) {
  const { t } = useTexts();
  const save = useSaveSettings();
  const form = useForm<SiteSettingsInput>({
    resolver: zodResolver(siteSettingsInputSchema),
    defaultValues: toSettingsForm(settings),
  });

  const onSubmit = (values: SiteSettingsInput) =>
    save.mutateAsync(values).then(
      () => toast.success(t("adminSettings.savedTitle")),
      (error: unknown) => {
        if (error instanceof InvalidSettingsError && error.field) {
          form.setError(error.field, { message: error.message }, { shouldFocus: true });
        }
        toast.error(t("adminSettings.saveErrorTitle"), {
          description:
            error instanceof Error && error.message
              ? error.message
              : t("adminSettings.unknownError"),
        });
      },
    );

  // The messages sit under their fields; the toast repeats a lone one, or points at them.
  const onInvalid = (errors: FieldErrors<SiteSettingsInput>) => {
    const messages = Object.values(errors).map((error) => error?.message);
    const [only] = messages;
    toast.error(t("adminSettings.saveErrorTitle"), {
      description:
        messages.length === 1 && typeof only === "string" ? only : t("adminSettings.invalidForm"),
    });
  };

  return { form, onSubmit: form.handleSubmit(onSubmit, onInvalid) };
}
