import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  DEFAULT_NETWORK,
  findNetwork,
  findReceiveOption,
  type NetworkId,
  needsNetwork,
  RECEIVE_OPTIONS,
  type ReceiveCurrencyId,
  type SendCurrencyId,
} from "../../shared/catalog";
import { NEXT_PAGE_PARAMETER } from "../account/page-after-login";
import { checkErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { formatAmount } from "../lib/format";
import { isAdmin, type Session, sessionQueryOptions } from "../lib/session";
import { toast } from "../lib/toast";
import { type SiteSettings, siteSettingsQueryOptions } from "../site/site-settings";
import type { OrderDraft } from "./confirm-order-dialog";
import { loadConfirmStep, loadQuote } from "./form-code";
import { BACK_TO_ORDER, keepOrderForLogin, takeOrderKeptForLogin } from "./order-kept-for-login";

/** What the page shows when the settings cannot be read (the product's defaults). */
export const FALLBACK_TERMS = { exchangeRate: "86", minInrAmount: "0", maxInrAmount: "100000" };

/** Whether a field holds something else than the page's HTML gave it: typed, chosen or restored. */
function isChangedFromPage(field: HTMLInputElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement) return field.value !== field.defaultValue;
  return [...field.options].some((option) => option.selected !== option.defaultSelected);
}

/**
 * Digits and one decimal point, at most 2 decimals, no leading zeros ("00100" is 100):
 * what an INR amount may look like while typed.
 */
function keepAmountInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "");
  const [digits = "", ...rest] = cleaned.split(".");
  const whole = digits.replace(/^0+(?=\d)/, "");
  return rest.length ? `${whole}.${rest.join("").slice(0, 2)}` : whole;
}

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
  const [amount, setAmount] = useState("");
  const [sendCurrency, setSendCurrency] = useState<SendCurrencyId>("upi_inr");
  const [receiveCurrency, setReceiveCurrency] = useState<ReceiveCurrencyId>("usdt");
  const [network, setNetwork] = useState<NetworkId>(DEFAULT_NETWORK);
  const [walletAddress, setWalletAddress] = useState("");
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  /** Why the wallet address was refused, for which address and network: shown under it until either changes. */
  const [walletRefusal, setWalletRefusal] = useState<{ reason: string; of: string } | null>(null);
  const walletField = useRef<HTMLInputElement>(null);
  /** Where the keyboard is when the payment step closes: where it was opened. */
  const placeOrderButton = useRef<HTMLButtonElement>(null);
  // What was typed or chosen on the pre-rendered form before it came alive (or what
  // the browser restored there) is in the fields, not yet in the state: take it when
  // the form hydrates, or the next render would put the state's values back.
  // Only what differs from the pre-rendered page is set: an update during hydration's
  // commit renders the page again at once, in one long task.
  const takeEarlyInput = useCallback((form: HTMLDivElement | null) => {
    for (const field of form?.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[name]") ??
      []) {
      if (!isChangedFromPage(field)) continue;
      if (field.name === "amount") setAmount(keepAmountInput(field.value));
      if (field.name === "sendCurrency") setSendCurrency(field.value as SendCurrencyId);
      if (field.name === "receiveCurrency") setReceiveCurrency(field.value as ReceiveCurrencyId);
      if (field.name === "network") setNetwork(field.value as NetworkId);
      if (field.name === "walletAddress") setWalletAddress(field.value);
    }
    // Back from logging in, which Place Order sent a visitor to: their order again.
    const kept = form && takeOrderKeptForLogin();
    if (kept) {
      setAmount(keepAmountInput(kept.amount));
      setSendCurrency(kept.sendCurrency);
      setReceiveCurrency(kept.receiveCurrency);
      setNetwork(kept.network);
      setWalletAddress(kept.walletAddress);
    }
  }, []);

  const receiveOption = findReceiveOption(receiveCurrency) ?? RECEIVE_OPTIONS[0];
  const selectedNetwork = needsNetwork(receiveCurrency) ? network : null;
  const networkName = findNetwork(network)?.name ?? "";
  const walletInput = `${receiveCurrency} ${selectedNetwork} ${walletAddress}`;
  const walletError = walletRefusal?.of === walletInput ? walletRefusal.reason : undefined;

  const placeOrder = async () => {
    const { parseAmount } = await import("../../shared/money");
    const value = parseAmount(amount);
    if (!value || !walletAddress.trim()) {
      toast.error(t("exchange.errors.missingTitle"), {
        description: t("exchange.errors.missingMessage"),
      });
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
      toast.error(t("exchange.errors.tooLowTitle"), {
        description: t("exchange.errors.tooLowMessage", {
          min: formatAmount(termsNow.minInrAmount),
        }),
      });
      return;
    }
    if (value.gt(termsNow.maxInrAmount)) {
      toast.error(t("exchange.errors.tooHighTitle"), {
        description: t("exchange.errors.tooHighMessage", {
          max: formatAmount(termsNow.maxInrAmount),
        }),
      });
      return;
    }
    // A click before the session has loaded waits for it, rather than sending a
    // signed-in customer to /login.
    const signedIn =
      session ?? (isSessionPending ? await queryClient.ensureQueryData(sessionQueryOptions) : null);
    if (!signedIn) {
      toast.error(t("exchange.errors.authTitle"), {
        description: t("exchange.errors.authMessage"),
      });
      keepOrderForLogin({ amount, sendCurrency, receiveCurrency, network, walletAddress });
      navigate(`/login?${NEXT_PAGE_PARAMETER}=${encodeURIComponent(BACK_TO_ORDER)}`);
      return;
    }
    // The server refuses it too; this spares the customer paying for an order it will refuse.
    if (settingsNow?.maintenanceMode && !isAdmin(signedIn.user)) {
      toast.error(t("exchange.maintenanceTitle"), {
        description: t("exchange.maintenanceMessage"),
      });
      return;
    }
    if (selectedNetwork && settingsNow?.pausedNetworks.includes(selectedNetwork)) {
      toast.error(t("exchange.networkPausedTitle", { network: networkName }), {
        description: t("exchange.networkPausedMessage", { network: networkName }),
      });
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
      toast.error(t("exchange.errors.settingsTitle"), {
        description: t("exchange.errors.settingsMessage"),
      });
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
    amount,
    changeAmount: (typed: string) => setAmount(keepAmountInput(typed)),
    sendCurrency,
    setSendCurrency,
    receiveCurrency,
    setReceiveCurrency,
    receiveOption,
    network,
    setNetwork,
    selectedNetwork,
    networkName,
    walletAddress,
    setWalletAddress,
    walletError,
    walletField,
    placeOrderButton,
    takeEarlyInput,
    placeOrder,
    draft,
    closeDraft: () => setDraft(null),
  };
}
