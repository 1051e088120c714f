import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type BuyingField,
  type BuyingSettingsInput,
  buyingSettingsInputSchema,
} from "../../../shared/buying-settings-input";
import { useTexts } from "../../i18n/use-texts";
import { ApiError, unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { siteSettingsQueryOptions } from "../../lib/site-settings";
import { HoldsFieldset, NetworksFieldset, RateFields, SaleLimitsFields } from "./buying-fieldsets";
import { SaveButton } from "./save-button";
import { SavedGroupCard } from "./saved-group-card";

const buyingKey = ["admin", "settings", "buying"] as const;
const buying = api.api.admin.settings.buying;

type BuyingSettings = BuyingSettingsInput & { exchangeRate: string };

/** Buying USDT from customers: the buy rate, the networks, the sale limits (saved on their own, audited). */
export function BuyingCard() {
  const { t } = useTexts();
  return (
    <SavedGroupCard
      title={t("adminSettings.buying.title")}
      description={t("adminSettings.buying.description")}
      queryKey={buyingKey}
      read={async () => unwrap(await buying.$get())}
      form={(saved) => <BuyingForm saved={saved} />}
    />
  );
}

function BuyingForm({ saved }: { saved: BuyingSettings }) {
  const { t } = useTexts();
  const { exchangeRate, ...values } = saved;
  const { form, onSubmit, isSaving } = useBuyingForm(values);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <RateFields control={form.control} exchangeRate={exchangeRate} />
      <NetworksFieldset control={form.control} />
      <HoldsFieldset control={form.control} />
      <SaleLimitsFields control={form.control} />
      <div className="flex justify-end">
        <SaveButton isSaving={isSaving}>{t("adminSettings.buying.save")}</SaveButton>
      </div>
    </form>
  );
}

/**
 * The buying form and its save: the server's refusal lands under its field, a saved
 * group refreshes the site's settings (the Sell tab reads the rate and networks there).
 */
function useBuyingForm(values: BuyingSettingsInput) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  const form = useForm<BuyingSettingsInput>({
    resolver: zodResolver(buyingSettingsInputSchema),
    defaultValues: values,
  });
  const save = useMutation({
    mutationFn: async (json: BuyingSettingsInput) => {
      const response = await buying.$put({ json });
      if (response.status === 400) {
        const body = await response.json();
        form.setError(body.field as BuyingField, { message: body.error }, { shouldFocus: true });
        throw new ApiError(body.error, 400, body.code);
      }
      return unwrap(response);
    },
    onSuccess: async (next) => {
      queryClient.setQueryData(buyingKey, next);
      await queryClient.invalidateQueries({ queryKey: siteSettingsQueryOptions.queryKey });
    },
  });
  const onSubmit = (input: BuyingSettingsInput) =>
    save.mutateAsync(input).then(
      () => toast.success(t("adminSettings.buying.saved")),
      (error: Error) =>
        toast.error(t("adminSettings.buying.failed"), { description: error.message }),
    );
  return { form, onSubmit: form.handleSubmit(onSubmit), isSaving: save.isPending };
}
