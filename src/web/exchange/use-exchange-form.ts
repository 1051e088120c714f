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
import { checkErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { keepAmountInput } from "../lib/amount-input";
import { formatAmount } from "../lib/format";
import { NEXT_PAGE_PARAMETER } from "../lib/page-after-login";
import { isAdmin, type Session, sessionQueryOptions } from "../lib/session";
import { type SiteSettings, siteSettingsQueryOptions } from "../lib/site-settings";
import { toast } from "../lib/toast";
import type { OrderDraft } from "./confirm-order-dialog";
import { loadConfirmStep, loadQuote } from "./form-code";
import {
  BACK_TO_ORDER,
  keepOrderForLogin,
  type OrderForm,
  takeOrderKeptForLogin,
} from "./order-kept-for-login";

/** What the page shows when the settings cannot be read (the product's defaults). */
export const FALLBACK_TERMS = { exchangeRate: "86", minInrAmount: "0", maxInrAmount: "100000" };

/** Whether a field holds something else than the page's HTML gave it: typed, chosen or restored. */
function isChangedFromPage(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) return field.value !== field.defaultValue;
  return [...field.options].some((option) => option.selected !== option.defaultSelected);
}

/** Texts that come as a pair, `…Title` and `…Message`, in a refusal's toast. */
type RefusalTexts =
  | "exchange.errors.missing"
  | "exchange.errors.tooLow"
  | "exchange.errors.tooHigh"
  | "exchange.errors.auth"
  | "exchange.errors.settings"
  | "exchange.maintenance"
  | "exchange.networkPaused";

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
export function useExchangeForm({
  settings,
  session,
  isSessionPending,
}: {
  settings: SiteSettings | undefined;
  session: Session | null;
  isSessionPending: boolean;
}) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(FIELDS_AT_FIRST);
  const { amount, sendCurrency, receiveCurrency, network, walletAddress } = fields;
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  /** Why the wallet address was refused, for which address and network: shown under it until either changes. */
  const [walletRefusal, setWalletRefusal] = useState<{ reason: string; of: string } | null>(null);
  const walletField = useRef<HTMLInputElement>(null);
  /** Where the keyboard is when the payment step closes: where it was opened. */
  const placeOrderButton = useRef<HTMLButtonElement>(null);
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

  const receiveOption = findReceiveOption(receiveCurrency) ?? RECEIVE_OPTIONS[0];
  const selectedNetwork = needsNetwork(receiveCurrency) ? network : null;
  const networkName = findNetwork(network)?.name ?? "";
  const walletInput = `${receiveCurrency} ${selectedNetwork} ${walletAddress}`;
  const walletError = walletRefusal?.of === walletInput ? walletRefusal.reason : undefined;

  /** A refusal's toast: its title and message, both given the values. */
  const refuse = (texts: RefusalTexts, values?: Record<string, unknown>) =>
    toast.error(t(`${texts}Title`, values), { description: t(`${texts}Message`, values) });

  const placeOrder = async () => {
    const { parseAmount } = await import("../../shared/money");
    const value = parseAmount(amount);
    if (!value || !walletAddress.trim()) {
      refuse("exchange.errors.missing");
      return;
    }
    // The settings in force now, not as the page loaded them: the customer pays next,
    // so a changed rate or maintenance mode must show before, not at Submit. (A click
    // before the first answer waits for it too.)
    const settingsNow = await queryClient
      .fetchQuery({ ...siteSettingsQueryOptions, staleTime: 0 })
      .catch(() => settings);
    const termsNow = settingsNow ?? FALLBACK_TERMS;
    if (value.lt(termsNow.minInrAmount)) {
      refuse("exchange.errors.tooLow", { min: formatAmount(termsNow.minInrAmount) });
      return;
    }
    if (value.gt(termsNow.maxInrAmount)) {
      refuse("exchange.errors.tooHigh", { max: formatAmount(termsNow.maxInrAmount) });
      return;
    }
    // A click before the session has loaded waits for it, rather than sending a
    // signed-in customer to /login.
    const signedIn =
      session ?? (isSessionPending ? await queryClient.ensureQueryData(sessionQueryOptions) : null);
    if (!signedIn) {
      refuse("exchange.errors.auth");
      keepOrderForLogin(fields);
      navigate(`/login?${NEXT_PAGE_PARAMETER}=${encodeURIComponent(BACK_TO_ORDER)}`);
      return;
    }
    // The server refuses it too; this spares the customer paying for an order it will refuse.
    if (settingsNow?.maintenanceMode && !isAdmin(signedIn.user)) {
      refuse("exchange.maintenance");
      return;
    }
    if (selectedNetwork && settingsNow?.pausedNetworks.includes(selectedNetwork)) {
      refuse("exchange.networkPaused", { network: networkName });
      return;
    }
    const [{ validateWalletAddress }] = await loadConfirmStep();
    const address = validateWalletAddress(receiveCurrency, selectedNetwork, walletAddress);
    if (!address.ok) {
      // A wrong shape is told the shape expected, in the reader's language too.
      const code = address.format ? `formats.${address.format}` : address.code;
      const reason = checkErrorText("wallet", code, address.message, { network: networkName });
      toast.error(t("exchange.errors.invalidAddressTitle"), { description: reason });
      // The reason stays under the field, which takes the keyboard, after the toast is gone.
      setWalletRefusal({ reason, of: walletInput });
      walletField.current?.focus();
      return;
    }
    if (!settingsNow) {
      refuse("exchange.errors.settings");
      return;
    }
    // The refusals of earlier presses were put right: none stays over the payment step.
    toast.dismissAll();
    // Computed here, not taken from the render: a click may come before the quote loaded.
    const { quoteReceiveAmount } = await loadQuote();
    setDraft({
      sendCurrency,
      receiveCurrency,
      network: selectedNetwork,
      amount,
      receiveAmount: quoteReceiveAmount({
        amount,
        rate: termsNow.exchangeRate,
        sendCurrency,
        receiveCurrency,
      }),
      rate: termsNow.exchangeRate,
      walletAddress: address.normalized,
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
