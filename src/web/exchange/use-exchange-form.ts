import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  DEFAULT_NETWORK,
  findNetwork,
  findReceiveOption,
  needsNetwork,
  RECEIVE_OPTIONS,
} from "../../shared/catalog";
import { useTexts } from "../i18n/use-texts";
import { keepAmountInput } from "../lib/amount-input";
import { toast } from "../lib/toast";
import type { OrderDraft } from "./confirm-order-dialog";
import { loadOrderChecks, loadQuote } from "./form-code";
import { type OrderForm, takeOrderKeptForLogin } from "./order-kept-for-login";
import type { PageState } from "./page-state";

/** Whether a field holds something else than the page's HTML gave it: typed, chosen or restored. */
function isChangedFromPage(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) return field.value !== field.defaultValue;
  return [...field.options].some((option) => option.selected !== option.defaultSelected);
}

/** The form's fields, each named as its input, as the page first shows them. */
const FIELDS_AT_FIRST: OrderForm = {
  amount: "",
  sendCurrency: "upi_inr",
  receiveCurrency: "usdt",
  network: DEFAULT_NETWORK,
  walletAddress: "",
};

/**
 * The exchange form's fields, what was typed before it came alive, and Place Order:
 * its checks, then the payment step's draft.
 */
export function useExchangeForm(page: PageState) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { fields, setField, takeEarlyInput } = useOrderFields();
  const { amount, sendCurrency, receiveCurrency, network, walletAddress } = fields;
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  /** Why the wallet address was refused, for which address and network: shown under it until either changes. */
  const [walletRefusal, setWalletRefusal] = useState<{ reason: string; of: string } | null>(null);
  const walletField = useRef<HTMLInputElement>(null);
  /** Where the keyboard is when the payment step closes: where it was opened. */
  const placeOrderButton = useRef<HTMLButtonElement>(null);

  const receiveOption = findReceiveOption(receiveCurrency) ?? RECEIVE_OPTIONS[0];
  const selectedNetwork = needsNetwork(receiveCurrency) ? network : null;
  const networkName = findNetwork(network)?.name ?? "";
  const walletInput = `${receiveCurrency} ${selectedNetwork} ${walletAddress}`;
  const walletError = walletRefusal?.of === walletInput ? walletRefusal.reason : undefined;

  const placeOrder = async () => {
    const { checkOrder } = await loadOrderChecks();
    const checked = await checkOrder({
      ...page,
      fields,
      network: selectedNetwork,
      networkName,
      t,
      navigate,
      queryClient,
      onWalletRefused: (reason) => {
        setWalletRefusal({ reason, of: walletInput });
        walletField.current?.focus();
      },
    });
    if (!checked) return;
    // The refusals of earlier presses were put right: none stays over the payment step.
    toast.dismissAll();
    // Computed here, not taken from the render: a click may come before the quote loaded.
    const { quoteReceiveAmount } = await loadQuote();
    const rate = checked.settings.exchangeRate;
    setDraft({
      sendCurrency,
      receiveCurrency,
      network: selectedNetwork,
      amount,
      receiveAmount: quoteReceiveAmount({ amount, rate, sendCurrency, receiveCurrency }),
      rate,
      walletAddress: checked.walletAddress,
    });
  };

  return {
    fields,
    changeField: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setField(event.target.name, event.target.value),
    receiveOption,
    selectedNetwork,
    networkName,
    walletError,
    walletField,
    placeOrderButton,
    takeEarlyInput,
    placeOrder,
    draft,
    closeDraft: () => setDraft(null),
  };
}

/** The form's fields by their inputs' names, and what was typed before the form came alive. */
function useOrderFields() {
  const [fields, setFields] = useState(FIELDS_AT_FIRST);
  /** Sets a field by its input's name; an amount keeps only what an INR amount may look like. */
  const setField = useCallback((name: string, value: string) => {
    if (!(name in FIELDS_AT_FIRST)) return;
    setFields((before) => ({
      ...before,
      [name]: name === "amount" ? keepAmountInput(value) : value,
    }));
  }, []);
  // What was typed or chosen on the pre-rendered form before it came alive (or what
  // the browser restored there) is in the fields, not yet in the state: take it when
  // the form hydrates, or the next render would put the state's values back.
  // Only what differs from the pre-rendered page is set: an update during hydration's
  // commit renders the page again at once, in one long task.
  const takeEarlyInput = useCallback(
    (form: HTMLDivElement | null) => {
      for (const field of form?.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[name]") ??
        []) {
        if (isChangedFromPage(field)) setField(field.name, field.value);
      }
      // Back from logging in, which Place Order sent a visitor to: their order again.
      const kept = form && takeOrderKeptForLogin();
      if (kept) for (const [name, value] of Object.entries(kept)) setField(name, value);
    },
    [setField],
  );
  return { fields, setField, takeEarlyInput };
}
