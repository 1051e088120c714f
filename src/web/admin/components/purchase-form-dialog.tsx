import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { NETWORKS } from "../../../shared/catalog";
import {
  type UsdtPurchase,
  type UsdtPurchaseInput,
  usdtPurchaseInputSchema,
} from "../../../shared/usdt-purchase-input";
import { FormField } from "../../components/form/form-field";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { useTexts } from "../../i18n/use-texts";
import { type Purchase, useRecordTopUp, useSavePurchase } from "../lib/books-api";
import { AdminFormDialog } from "./admin-form-dialog";
import { showSaveRefusal } from "./save-refusal";

type PurchaseFormValues = Required<UsdtPurchaseInput>;
/** A top-up (Treasury) a purchase is recorded from. */
type TopUp = { id: string; day: string; network: string; amount: string; txHash: string };
type PurchaseField = keyof PurchaseFormValues;

// The server's own rule; the form always holds every field, as text.
const resolver = zodResolver(usdtPurchaseInputSchema) as unknown as Resolver<
  PurchaseFormValues,
  unknown,
  UsdtPurchase
>;

function toFormValues(
  purchase: Purchase | null,
  topUp: TopUp | undefined,
  today: string,
): PurchaseFormValues {
  return {
    boughtOn: purchase?.boughtOn ?? topUp?.day ?? today,
    network: (purchase?.network ?? topUp?.network ?? "trc20") as PurchaseFormValues["network"],
    quantityUsdt: purchase?.quantityUsdt ?? topUp?.amount ?? "",
    paidCurrency: purchase?.paidCurrency ?? "INR",
    paidAmount: purchase?.paidAmount ?? "",
    usdInrRate: purchase?.usdInrRate ?? "",
    source: purchase?.source ?? "",
    note: purchase?.note ?? "",
  };
}

/**
 * Record a purchase (no `purchase`) or edit one; the server's refusal shows under its
 * field. From a top-up (Treasury), its day, network, quantity and hash are filled in,
 * the network and quantity fixed: the operator adds the price paid.
 */
export function PurchaseFormDialog({
  purchase,
  topUp,
  today,
  onClose,
}: {
  purchase: Purchase | null;
  topUp?: TopUp;
  /** Today in India: a new purchase's date. */
  today: string;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const savePurchase = useSavePurchase();
  const recordTopUp = useRecordTopUp();
  const save = topUp ? recordTopUp : savePurchase;
  const form = useForm<PurchaseFormValues, unknown, UsdtPurchase>({
    resolver,
    defaultValues: toFormValues(purchase, topUp, today),
  });
  const paidCurrency = useWatch({ control: form.control, name: "paidCurrency" });
  const isFromTopUp = Boolean(topUp ?? purchase?.txHash);

  const onSubmit = form.handleSubmit((input) =>
    (topUp
      ? recordTopUp.mutateAsync({ id: topUp.id, input })
      : savePurchase.mutateAsync({ id: purchase?.id, input })
    )
      .then(() => {
        toast.success(t("adminBooks.form.savedTitle"));
        onClose();
      })
      .catch((error: unknown) =>
        showSaveRefusal(error, {
          setError: form.setError,
          title: t("adminBooks.form.saveErrorTitle"),
        }),
      ),
  );

  const textField = (name: PurchaseField, extra: Record<string, unknown> = {}) => (
    <FormField
      control={form.control}
      name={name}
      label={t(`adminBooks.form.${name}` as never)}
      autoComplete="off"
      spellCheck={false}
      {...extra}
    />
  );
  const select = (name: "network" | "paidCurrency", options: { id: string; name: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="space-y-2">
          <Label htmlFor={`field-${name}`}>{t(`adminBooks.form.${name}`)}</Label>
          <NativeSelect
            id={`field-${name}`}
            disabled={name === "network" && isFromTopUp}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    />
  );

  return (
    <AdminFormDialog
      title={
        purchase
          ? t("adminBooks.form.editTitle", { date: purchase.boughtOn })
          : topUp
            ? t("adminBooks.form.topUpTitle")
            : t("adminBooks.form.addTitle")
      }
      description={t("adminBooks.form.description")}
      isSaving={save.isPending}
      saveLabel={save.isPending ? t("adminBooks.form.saving") : t("adminBooks.form.save")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {textField("boughtOn", { type: "date", max: today })}
        {select("network", [...NETWORKS])}
      </div>
      {textField("quantityUsdt", { inputMode: "decimal", readOnly: isFromTopUp })}
      {(topUp?.txHash ?? purchase?.txHash) && (
        <p className="text-xs break-all text-muted-foreground">
          {t("adminBooks.form.fromTopUp", { hash: topUp?.txHash ?? purchase?.txHash ?? "" })}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {select("paidCurrency", [
          { id: "INR", name: "INR (₹)" },
          { id: "USD", name: "USD ($)" },
        ])}
        {textField("paidAmount", { inputMode: "decimal" })}
      </div>
      {paidCurrency === "USD" && (
        <div className="space-y-2">
          {textField("usdInrRate", { inputMode: "decimal" })}
          <p className="text-xs text-muted-foreground">{t("adminBooks.form.usdInrRateHint")}</p>
        </div>
      )}
      {textField("source", {
        maxLength: 100,
        placeholder: t("adminBooks.form.sourcePlaceholder"),
      })}
      {textField("note", { maxLength: 500 })}
    </AdminFormDialog>
  );
}
