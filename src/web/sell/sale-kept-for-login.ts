import { findNetwork, type NetworkId } from "../../shared/catalog";
import { SIDE_PARAMETER } from "../lib/exchange-side";
import { keepFormForLogin, takeFormKeptForLogin } from "../lib/kept-for-login";

/** The Sell tab of a visitor sent to log in by Sell, kept for this tab until it shows again. */
export interface SaleForm {
  usdtAmount: string;
  network: NetworkId;
}

const KEY = "sale-awaiting-login";

/** Where the login sends the visitor back to: the Sell tab, filled in again. */
export const BACK_TO_SALE = `/?${SIDE_PARAMETER}=sell`;

export function keepSaleForLogin(form: SaleForm) {
  keepFormForLogin(KEY, form);
}

/** The kept sale, once; null without one, or with one not of the catalog's. */
export function takeSaleKeptForLogin(): SaleForm | null {
  const kept = takeFormKeptForLogin(KEY);
  const { usdtAmount, network } = kept ?? {};
  if (typeof usdtAmount !== "string" || typeof network !== "string" || !findNetwork(network)) {
    return null;
  }
  return { usdtAmount, network: network as NetworkId };
}
