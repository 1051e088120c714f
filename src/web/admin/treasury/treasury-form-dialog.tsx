import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  type TreasuryInput,
  type TreasurySettings,
  treasuryInputSchema,
} from "../../../shared/treasury-input";
import { FormField } from "../../components/form/form-field";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { AdminFormDialog } from "../components/admin-form-dialog";
import { showSaveRefusal } from "../components/save-refusal";
import { type TreasuryNetwork, toTreasuryInput, useSaveTreasury } from "../lib/treasury-api";

type TextField = Exclude<keyof TreasuryInput, "pauseWhenShort">;

/** A network's payout wallet and settings; the server's refusal shows under its field. */
export function TreasuryFormDialog({
  network,
  onClose,
}: {
  network: TreasuryNetwork;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const save = useSaveTreasury();
  // The server's own rules, the wallet's by this network's address format.
  const form = useForm<TreasuryInput, unknown, TreasurySettings>({
    resolver: zodResolver(treasuryInputSchema(network.network)) as unknown as Resolver<
      TreasuryInput,
      unknown,
      TreasurySettings
    >,
    defaultValues: toTreasuryInput(network),
  });

  const onSubmit = form.handleSubmit(() =>
    save
      .mutateAsync({ network: network.network, input: form.getValues() })
      .then(() => {
        toast.success(t("adminTreasury.form.savedTitle", { network: network.name }));
        onClose();
      })
      .catch((error: unknown) =>
        showSaveRefusal(error, {
          setError: form.setError,
          title: t("adminTreasury.actionFailedTitle"),
        }),
      ),
  );

  const textField = (name: TextField, extra: Record<string, unknown> = {}) => (
    <FormField
      control={form.control}
      name={name}
      label={t(`adminTreasury.form.${name}`, { coin: network.feeCoin, network: network.name })}
      autoComplete="off"
      spellCheck={false}
      {...extra}
    />
  );

  return (
    <AdminFormDialog
      title={t("adminTreasury.form.title", { network: network.name })}
      description={t("adminTreasury.form.description")}
      isSaving={save.isPending}
      saveLabel={t("adminTreasury.form.save")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {textField("walletAddress", { className: "font-mono" })}
      {textField("feePerPayout", { inputMode: "decimal" })}
      {textField("alertOwedPercent", { inputMode: "decimal" })}
      <Controller
        control={form.control}
        name="pauseWhenShort"
        render={({ field, fieldState }) => (
          <div className="space-y-1">
            <div className="flex items-center gap-3">
              <Switch
                id="field-pauseWhenShort"
                checked={field.value}
                onCheckedChange={field.onChange}
              />
              <Label htmlFor="field-pauseWhenShort">{t("adminTreasury.form.pauseWhenShort")}</Label>
            </div>
            <p className="text-xs text-muted-foreground">{t("adminTreasury.form.pauseHint")}</p>
            {/* Nothing known on hand pauses the network at once: say so before saving. */}
            {field.value && !network.pauseWhenShort && !hasTrustedBalance(network) && (
              <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-400">
                {t(
                  network.endpointConfigured
                    ? "adminTreasury.form.pauseNoBalance"
                    : "adminTreasury.form.pauseNoEndpoint",
                  { network: network.name },
                )}
              </p>
            )}
            {fieldState.error && (
              <p role="alert" className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />
    </AdminFormDialog>
  );
}

/** A balance read and not refused since: what the pause counts as on hand. */
function hasTrustedBalance(network: TreasuryNetwork): boolean {
  return network.usdtOnHand !== null && network.stale === null;
}
