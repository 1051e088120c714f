import type { QueryClient } from "@tanstack/react-query";
import type { NavigateFunction } from "react-router";
import type { NetworkId } from "../../shared/catalog";
import { parseAmount } from "../../shared/money";
import { checkErrorText } from "../i18n/server-errors";
import type { TextFunction } from "../i18n/text-keys";
import { formatAmount } from "../lib/format";
import { NEXT_PAGE_PARAMETER } from "../lib/page-after-login";
import { isAdmin, sessionQueryOptions } from "../lib/session";
import { siteSettingsQueryOptions } from "../lib/site-settings";
import { toast } from "../lib/toast";
import { BACK_TO_ORDER, keepOrderForLogin, type OrderForm } from "./order-kept-for-login";
import { FALLBACK_TERMS, type PageState } from "./page-state";

/*
 * Place Order's checks, in the order a customer puts them right. They run only once
 * it is pressed, so they load with the form's code (form-code.ts), not with /.
 */

/** The order to check, with what the page has read and what the checks act with. */
export interface OrderToCheck extends PageState {
  fields: OrderForm;
  /** The network when the currency needs one, else null. */
  network: NetworkId | null;
  networkName: string;
  t: TextFunction;
  navigate: NavigateFunction;
  queryClient: QueryClient;
  /** The address was refused for this reason: it stays under the field, which takes the keyboard. */
  onWalletRefused: (reason: string) => void;
}

/**
 * Each refusal is told in a toast (a visitor is sent to log in first) and null returned;
 * once all pass, the settings in force and the address in its normal form.
 */
export async function checkOrder(order: OrderToCheck) {
  const settingsNow = await checkTerms(order);
  if (settingsNow === null) return null;
  const walletAddress = await checkWalletAddress(order);
  if (walletAddress === null) return null;
  if (!settingsNow) return refuse(order.t, "exchange.errors.settings");
  return { settings: settingsNow, walletAddress };
}

/**
 * An amount and an address typed, the amount within the terms in force, a customer
 * signed in, the desk open for the network: the settings in force (undefined when they
 * cannot be read), or null once refused.
 */
async function checkTerms(order: OrderToCheck) {
  const { fields, network, t, queryClient, session, isSessionPending } = order;
  const value = parseAmount(fields.amount);
  if (!value || !fields.walletAddress.trim()) return refuse(t, "exchange.errors.missing");
  // The settings in force now, not as the page loaded them: the customer pays next,
  // so a changed rate or maintenance mode must show before, not at Submit. (A click
  // before the first answer waits for it too.)
  const settingsNow = await queryClient
    .fetchQuery({ ...siteSettingsQueryOptions, staleTime: 0 })
    .catch(() => order.settings);
  const termsNow = settingsNow ?? FALLBACK_TERMS;
  if (value.lt(termsNow.minInrAmount)) {
    return refuse(t, "exchange.errors.tooLow", { min: formatAmount(termsNow.minInrAmount) });
  }
  if (value.gt(termsNow.maxInrAmount)) {
    return refuse(t, "exchange.errors.tooHigh", { max: formatAmount(termsNow.maxInrAmount) });
  }
  // A click before the session has loaded waits for it, rather than sending a
  // signed-in customer to /login.
  const signedIn =
    session ?? (isSessionPending ? await queryClient.ensureQueryData(sessionQueryOptions) : null);
  if (!signedIn) {
    refuse(t, "exchange.errors.auth");
    keepOrderForLogin(fields);
    order.navigate(`/login?${NEXT_PAGE_PARAMETER}=${encodeURIComponent(BACK_TO_ORDER)}`);
    return null;
  }
  // The server refuses it too; this spares the customer paying for an order it will refuse.
  if (settingsNow?.maintenanceMode && !isAdmin(signedIn.user)) {
    return refuse(t, "exchange.maintenance");
  }
  if (network && settingsNow?.pausedNetworks.includes(network)) {
    return refuse(t, "exchange.networkPaused", { network: order.networkName });
  }
  return settingsNow;
}

/** The wallet address in its normal form, or null once refused. */
async function checkWalletAddress({
  fields,
  network,
  networkName,
  t,
  onWalletRefused,
}: OrderToCheck) {
  const { validateWalletAddress } = await import("../../shared/wallet-address");
  const address = validateWalletAddress(fields.receiveCurrency, network, fields.walletAddress);
  if (address.ok) return address.normalized;
  // A wrong shape is told the shape expected, in the reader's language too.
  const code = address.format ? `formats.${address.format}` : address.code;
  const reason = checkErrorText("wallet", code, address.message, { network: networkName });
  toast.error(t("exchange.errors.invalidAddressTitle"), { description: reason });
  onWalletRefused(reason);
  return null;
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

/** A refusal's toast, its title and message both given the values; null, the check's answer. */
function refuse(t: TextFunction, texts: RefusalTexts, values?: Record<string, unknown>): null {
  toast.error(t(`${texts}Title`, values), { description: t(`${texts}Message`, values) });
  return null;
}
