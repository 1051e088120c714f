import { zodResolver } from "@hookform/resolvers/zod";
import type { ComponentProps } from "react";
import { type Control, Controller, type Resolver, useForm, useWatch } from "react-hook-form";
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
type PurchaseControl = Control<PurchaseFormValues, unknown, UsdtPurchase>;

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
  const { control, paidCurrency, isSaving, onSubmit } = usePurchaseForm({
    purchase,
    topUp,
    today,
    onClose,
  });
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
      isSaving={isSaving}
      saveLabel={isSaving ? t("adminBooks.form.saving") : t("adminBooks.form.save")}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <BoughtFields
        control={control}
        today={today}
        isFromTopUp={Boolean(topUp ?? purchase?.txHash)}
        txHash={topUp?.txHash ?? purchase?.txHash}
      />
      <PaidFields control={control} paidCurrency={paidCurrency} />
      <PurchaseTextField
        control={control}
        name="source"
        maxLength={100}
        placeholder={t("adminBooks.form.sourcePlaceholder")}
      />
      <PurchaseTextField control={control} name="note" maxLength={500} />
    </AdminFormDialog>
  );
}

/**
 * The form and its submit: a top-up's purchase is recorded against the top-up, any
 * other saved as itself; a refusal lands under its field, a success closes the dialog.
 */
function usePurchaseForm({
  purchase,
  topUp,
  today,
  onClose,
}: {
  purchase: Purchase | null;
  topUp: TopUp | undefined;
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
  return { control: form.control, paidCurrency, isSaving: save.isPending, onSubmit };
}

/** What was bought: the day, the network and the quantity; from a top-up, its hash. */
function BoughtFields({
  control,
  today,
  isFromTopUp,
  txHash,
}: {
  control: PurchaseControl;
  today: string;
  isFromTopUp: boolean;
  txHash: string | null | undefined;
}) {
  const { t } = useTexts();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <PurchaseTextField control={control} name="boughtOn" type="date" max={today} />
        <PurchaseSelect
          control={control}
          name="network"
          options={[...NETWORKS]}
          disabled={isFromTopUp}
        />
      </div>
      <PurchaseTextField
        control={control}
        name="quantityUsdt"
        inputMode="decimal"
        readOnly={isFromTopUp}
      />
      {txHash && (
        <p className="text-xs break-all text-muted-foreground">
          {t("adminBooks.form.fromTopUp", { hash: txHash })}
        </p>
      )}
    </>
  );
}

const PAID_CURRENCIES = [
  { id: "INR", name: "INR (₹)" },
  { id: "USD", name: "USD ($)" },
];

/** What was paid: the currency and the amount, and the day's USD rate when in dollars. */
function PaidFields({
  control,
  paidCurrency,
}: {
  control: PurchaseControl;
  paidCurrency: PurchaseFormValues["paidCurrency"];
}) {
  const { t } = useTexts();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <PurchaseSelect control={control} name="paidCurrency" options={PAID_CURRENCIES} />
        <PurchaseTextField control={control} name="paidAmount" inputMode="decimal" />
      </div>
      {paidCurrency === "USD" && (
        <div className="space-y-2">
          <PurchaseTextField control={control} name="usdInrRate" inputMode="decimal" />
          <p className="text-xs text-muted-foreground">{t("adminBooks.form.usdInrRateHint")}</p>
        </div>
      )}
    </>
  );
}

/** A text field of the form, labelled by its name's text. */
function PurchaseTextField({
  control,
  name,
  ...input
}: { control: PurchaseControl; name: PurchaseField } & Omit<
  ComponentProps<"input">,
  "name" | "prefix"
>) {
  const { t } = useTexts();
  return (
    <FormField
      control={control}
      name={name}
      label={t(`adminBooks.form.${name}` as never)}
      autoComplete="off"
      spellCheck={false}
      {...input}
    />
  );
}

function PurchaseSelect({
  control,
  name,
  options,
  disabled = false,
}: {
  control: PurchaseControl;
  name: "network" | "paidCurrency";
  options: { id: string; name: string }[];
  disabled?: boolean;
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="space-y-2">
          <Label htmlFor={`field-${name}`}>{t(`adminBooks.form.${name}`)}</Label>
          <NativeSelect
            id={`field-${name}`}
            disabled={disabled}
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
}
