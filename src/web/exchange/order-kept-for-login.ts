import {
  findNetwork,
  findReceiveOption,
  findSendOption,
  type NetworkId,
  type ReceiveCurrencyId,
  type SendCurrencyId,
} from "../../shared/catalog";
import { keepFormForLogin, takeFormKeptForLogin } from "../lib/kept-for-login";

/**
 * The exchange form of a visitor sent to log in by Place Order, kept for this tab
 * until the form is shown again: logging in must not cost them what they typed.
 */
export interface OrderForm {
  amount: string;
  sendCurrency: SendCurrencyId;
  receiveCurrency: ReceiveCurrencyId;
  network: NetworkId;
  walletAddress: string;
}

const KEY = "order-awaiting-login";

/** Where the login sends the visitor back to: the form, filled in again. */
export const BACK_TO_ORDER = "/";

export function keepOrderForLogin(form: OrderForm) {
  keepFormForLogin(KEY, form);
}

/** The kept form, once (it is forgotten as it is read); null without one, or with one not of the catalog's. */
export function takeOrderKeptForLogin(): OrderForm | null {
  const kept: Partial<Record<keyof OrderForm, unknown>> | null = takeFormKeptForLogin(KEY);
  const { amount, sendCurrency, receiveCurrency, network, walletAddress } = kept ?? {};
  const isText = (value: unknown): value is string => typeof value === "string";
  if (
    !isText(amount) ||
    !isText(walletAddress) ||
    !isText(sendCurrency) ||
    !findSendOption(sendCurrency) ||
    !isText(receiveCurrency) ||
    !findReceiveOption(receiveCurrency) ||
    !isText(network) ||
    !findNetwork(network)
  ) {
    return null;
  }
  return {
    amount,
    walletAddress,
    sendCurrency: sendCurrency as SendCurrencyId,
    receiveCurrency: receiveCurrency as ReceiveCurrencyId,
    network: network as NetworkId,
  };
}
