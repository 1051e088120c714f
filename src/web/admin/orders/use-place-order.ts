import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Control, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { DEFAULT_NETWORK, findNetwork } from "../../../shared/catalog";
import { networkIdSchema } from "../../../shared/catalog-schemas";
import { quoteReceiveAmount, rateOutsideMargin } from "../../../shared/quote";
import { useTexts } from "../../i18n/use-texts";
import { ApiError } from "../../lib/api-answers";
import { useSiteSettings } from "../../lib/site-settings";
import { useCreateAdminOrder } from "./admin-orders-api";

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
type Submitted = z.output<typeof formSchema>;
export type PlaceOrderControl = Control<FormValues, unknown, Submitted>;

const EMPTY: FormValues = {
  userEmail: "",
  sendAmount: "",
  receiveAmount: "",
  network: DEFAULT_NETWORK,
  walletAddress: "",
  paymentReference: "",
  note: "",
};

/** The order as the server takes it: INR → USDT, the optional fields left out when empty. */
function toOrderInput(values: Submitted) {
  return {
    userEmail: values.userEmail,
    sendCurrency: "upi_inr",
    receiveCurrency: "usdt",
    network: values.network,
    sendAmount: values.sendAmount,
    receiveAmount: values.receiveAmount,
    walletAddress: values.walletAddress,
    paymentReference: values.paymentReference || undefined,
    note: values.note || undefined,
  } as const;
}

/**
 * The dialog's open state, its form and the submit: a placed order empties the form
 * and closes the dialog; a refusal is told in a toast and the dialog stays.
 */
export function usePlaceOrder() {
  const { t } = useTexts();
  const [isOpen, setIsOpen] = useState(false);
  const createOrder = useCreateAdminOrder();
  // One key per order the admin means to place: a double click or a retry after a
  // lost answer sends it again and gets the same order; a new one after success.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const settings = useSiteSettings();
  const form = useForm<FormValues, unknown, Submitted>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const typed = useTypedOrder(form.control, settings.data?.exchangeRate);

  const onSubmit = form.handleSubmit((values) =>
    createOrder
      .mutateAsync(
        { input: toOrderInput(values), idempotencyKey },
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
  return { isOpen, setIsOpen, isPending: createOrder.isPending, form, typed, onSubmit };
}

/**
 * What the typed order reads as: the USDT the rupees buy at the desk's rate, a
 * warning when the USDT typed is off that rate, and the network's name.
 */
function useTypedOrder(control: PlaceOrderControl, rate: string | undefined) {
  const [sendAmount, receiveAmount, network] = useWatch({
    control,
    name: ["sendAmount", "receiveAmount", "network"],
  });
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
  return { rate, quote, rateWarning, networkName: findNetwork(network)?.name ?? network };
}

export type TypedOrder = ReturnType<typeof useTypedOrder>;
