import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { DEFAULT_NETWORK, findNetwork, NETWORKS } from "../../../shared/catalog";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import { INR_DECIMALS } from "../../../shared/order-input";
import { quoteReceiveAmount, rateOutsideMargin, receiveDecimals } from "../../../shared/quote";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import { CatalogOptions, NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { ApiError } from "../../lib/api-answers";
import { useSiteSettings } from "../../lib/site-settings";
import { useCreateAdminOrder } from "./admin-orders-api";

/*
 * 'Place a New Order': INR → USDT for an existing customer. The form checks that
 * every field is filled; the server checks the rest (the customer exists, amounts,
 * wallet for the network, reference) and its message is shown when it refuses.
 */

const REQUIRED = "adminOrders.create.required";
const formSchema = z.object({
  userEmail: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .pipe(z.email({ error: "validation.emailInvalid" })),
  sendAmount: z.string().trim().min(1, REQUIRED),
  receiveAmount: z.string().trim().min(1, REQUIRED),
  network: networkIdSchema,
  walletAddress: z.string().trim().min(1, REQUIRED),
  paymentReference: z.string().trim(),
  note: z.string().trim(),
});
type FormValues = z.input<typeof formSchema>;

const EMPTY: FormValues = {
  userEmail: "",
  sendAmount: "",
  receiveAmount: "",
  network: DEFAULT_NETWORK,
  walletAddress: "",
  paymentReference: "",
  note: "",
};

/** Digits and one decimal point, at most `decimals` after it: what an amount may look like while typed. */
function keepAmount(decimals: number) {
  return (raw: string) => {
    const [whole = "", ...rest] = raw.replace(/[^\d.]/g, "").split(".");
    return rest.length ? `${whole}.${rest.join("").slice(0, decimals)}` : whole;
  };
}
const keepInr = keepAmount(INR_DECIMALS);
const keepUsdt = keepAmount(receiveDecimals("usdt"));

export function PlaceOrderDialog() {
  const { t } = useTexts();
  const [isOpen, setIsOpen] = useState(false);
  const createOrder = useCreateAdminOrder();
  // One key per order the admin means to place: a double click or a retry after a
  // lost answer sends it again and gets the same order; a new one after success.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const settings = useSiteSettings();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const [sendAmount, receiveAmount, network] = useWatch({
    control: form.control,
    name: ["sendAmount", "receiveAmount", "network"],
  });
  const rate = settings.data?.exchangeRate;
  const quote =
    rate && sendAmount
      ? quoteReceiveAmount({
          amount: sendAmount,
          rate,
          sendCurrency: "upi_inr",
          receiveCurrency: "usdt",
        })
      : null;
  const rateWarning = rate ? rateOutsideMargin({ sendAmount, receiveAmount, rate }) : null;
  const networkName = findNetwork(network)?.name ?? network;

  const onSubmit = form.handleSubmit((values) =>
    createOrder
      .mutateAsync(
        {
          input: {
            userEmail: values.userEmail,
            sendCurrency: "upi_inr",
            receiveCurrency: "usdt",
            network: values.network,
            sendAmount: values.sendAmount,
            receiveAmount: values.receiveAmount,
            walletAddress: values.walletAddress,
            paymentReference: values.paymentReference || undefined,
            note: values.note || undefined,
          },
          idempotencyKey,
        },
        {
          onSuccess: () => {
            toast.success(t("adminOrders.create.successTitle"));
            form.reset(EMPTY);
            setIdempotencyKey(crypto.randomUUID());
            setIsOpen(false);
          },
          onError: (error) => {
            // The key placed an order with other details (the message names it):
            // submitting again is a new order, with a new key.
            if (error instanceof ApiError && error.code === "IDEMPOTENCY_KEY_REUSED") {
              setIdempotencyKey(crypto.randomUUID());
            }
            toast.error(t("adminOrders.create.failedTitle"), { description: error.message });
          },
        },
      )
      .catch(() => {}),
  );

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!createOrder.isPending) setIsOpen(open);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          {t("adminOrders.placeNew")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("adminOrders.create.title")}</DialogTitle>
          <DialogDescription>{t("adminOrders.create.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            control={form.control}
            name="userEmail"
            type="email"
            label={t("adminOrders.create.email")}
            autoComplete="off"
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="sendAmount"
              label={t("adminOrders.create.sendAmount")}
              inputMode="decimal"
              autoComplete="off"
              normalize={keepInr}
              required
            />
            <FormField
              control={form.control}
              name="receiveAmount"
              label={t("adminOrders.create.receiveAmount")}
              inputMode="decimal"
              autoComplete="off"
              normalize={keepUsdt}
              required
            />
          </div>
          {quote && quote !== "0.0000" && (
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
              {t("adminOrders.create.quote", { rate, amount: quote })}
              <Button
                type="button"
                variant="link"
                size="inline"
                onClick={() => form.setValue("receiveAmount", quote, { shouldValidate: true })}
              >
                {t("adminOrders.create.useQuote")}
              </Button>
            </p>
          )}
          {rateWarning && (
            <p role="status" className="text-xs font-medium text-amber-700 dark:text-amber-400">
              {t("adminOrders.create.rateWarning", { ...rateWarning, rate })}
            </p>
          )}
          <Controller
            control={form.control}
            name="network"
            render={({ field }) => (
              <div className="space-y-2">
                <Label htmlFor="place-order-network">{t("adminOrders.create.network")}</Label>
                <NativeSelect id="place-order-network" {...field}>
                  <CatalogOptions options={NETWORKS} />
                </NativeSelect>
              </div>
            )}
          />
          <FormField
            control={form.control}
            name="walletAddress"
            label={t("adminOrders.create.wallet")}
            placeholder={t("adminOrders.create.walletPlaceholder", { network: networkName })}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            required
          />
          <FormField
            control={form.control}
            name="paymentReference"
            label={t("adminOrders.create.reference")}
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="note"
            label={t("adminOrders.create.note")}
            autoComplete="off"
            maxLength={500}
          />
          <Button type="submit" size="lg" className="w-full" disabled={createOrder.isPending}>
            {createOrder.isPending && <Spinner />}
            {createOrder.isPending
              ? t("adminOrders.create.submitting")
              : t("adminOrders.create.submit")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
