import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type BuyingField,
  type BuyingSettingsInput,
  buyingSettingsInputSchema,
} from "../../../shared/buying-settings-input";
import { NETWORKS, type NetworkId } from "../../../shared/catalog";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { ApiError, unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { siteSettingsQueryOptions } from "../../lib/site-settings";
import { SavedGroupCard } from "./saved-group-card";

const buyingKey = ["admin", "settings", "buying"] as const;
const buying = api.api.admin.settings.buying;

type BuyingSettings = BuyingSettingsInput & { exchangeRate: string };

const LIMIT_FIELDS = [
  "sellLimitOrderInr",
  "sellLimitDayInr",
  "verifiedSellLimitOrderInr",
  "verifiedSellLimitDayInr",
] as const satisfies readonly BuyingField[];

/** The sale's hold rules, each a switch (the first sale's with its amount). */
const HOLD_SWITCHES = [
  "sellHoldOtherNames",
  "sellHoldFirstSale",
  "sellHoldNewDestination",
  "sellHoldSharedWallet",
] as const satisfies readonly BuyingField[];

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
  const queryClient = useQueryClient();
  const { exchangeRate, ...values } = saved;
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
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <FormField
            control={form.control}
            name="buyRate"
            label={t("adminSettings.buying.buyRate")}
            inputMode="decimal"
            autoComplete="off"
          />
          <p className="text-xs text-muted-foreground">
            {t("adminSettings.buying.buyRateHint", { exchangeRate })}
          </p>
        </div>
        <FormField
          control={form.control}
          name="sellMinUsdt"
          label={t("adminSettings.buying.sellMinUsdt")}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      <Controller
        control={form.control}
        name="buyNetworks"
        render={({ field }) => (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("adminSettings.buying.networks")}</legend>
            <p className="text-xs text-muted-foreground">
              {t("adminSettings.buying.networksHint")}
            </p>
            <div className="grid gap-2 sm:grid-cols-3">
              {NETWORKS.map((network) => {
                const isOn = field.value.includes(network.id);
                const toggle = (checked: boolean) =>
                  field.onChange(
                    checked
                      ? [...field.value, network.id]
                      : field.value.filter((id: NetworkId) => id !== network.id),
                  );
                return (
                  <div
                    key={network.id}
                    className="flex items-center justify-between gap-2 rounded-md border px-3 py-2"
                  >
                    <Label htmlFor={`buy-${network.id}`}>{network.name}</Label>
                    <Switch id={`buy-${network.id}`} checked={isOn} onCheckedChange={toggle} />
                  </div>
                );
              })}
            </div>
          </fieldset>
        )}
      />
      <fieldset className="rounded-md border px-3">
        <legend className="px-1 text-sm font-medium">{t("adminSettings.buying.holds")}</legend>
        {HOLD_SWITCHES.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4 border-b py-3 last:border-b-0">
                <div className="min-w-0 space-y-2">
                  <Label htmlFor={`buy-${name}`}>{t(`adminSettings.buying.${name}`)}</Label>
                  <p className="text-xs text-muted-foreground">
                    {t(`adminSettings.buying.${name}Hint`)}
                  </p>
                  {name === "sellHoldFirstSale" && (
                    <FormField
                      control={form.control}
                      name="sellHoldFirstSaleAboveInr"
                      label={t("adminSettings.buying.sellHoldFirstSaleAboveInr")}
                      inputMode="decimal"
                      autoComplete="off"
                      className="max-w-48"
                    />
                  )}
                </div>
                <Switch id={`buy-${name}`} checked={field.value} onCheckedChange={field.onChange} />
              </div>
            )}
          />
        ))}
      </fieldset>
      <div className="grid gap-4 md:grid-cols-2">
        {LIMIT_FIELDS.map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={t(`adminSettings.buying.${name}`)}
            inputMode="decimal"
            autoComplete="off"
          />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <FormField
            control={form.control}
            name="sellAmountQuarantineHours"
            label={t("adminSettings.buying.sellAmountQuarantineHours")}
            inputMode="numeric"
            autoComplete="off"
          />
          <p className="text-xs text-muted-foreground">
            {t("adminSettings.buying.sellAmountQuarantineHoursHint")}
          </p>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {t("adminSettings.buying.save")}
        </Button>
      </div>
    </form>
  );
}
