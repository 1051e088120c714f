import {
  findNetwork,
  findReceiveOption,
  findSendOption,
  type NetworkId,
  type ReceiveCurrencyId,
  type SendCurrencyId,
} from "../../shared/catalog";

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

/** Keeps a form for this tab under `key`, until taken. */
export function keepFormForLogin(key: string, form: object) {
  try {
    sessionStorage.setItem(key, JSON.stringify(form));
  } catch {
    // Storage refused (private mode, full): the visitor types it again, as before.
  }
}

/** The form kept under `key`, once (it is forgotten as it is read), for the caller to check; null without one. */
export function takeFormKeptForLogin(key: string): Record<string, unknown> | null {
  try {
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

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
