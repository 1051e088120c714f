import { lazy, useEffect, useSyncExternalStore } from "react";
import { loadTexts } from "../i18n";

/*
 * The quote (decimal arithmetic), Place Order's checks and the confirmation step
 * (address checks, QR code, dialog) load when the customer starts filling the form,
 * not with the first screen.
 */
type QuoteModule = typeof import("../../shared/quote");
let quoteModule: QuoteModule | undefined;
const quoteListeners = new Set<() => void>();
export const loadQuote = async () => {
  if (!quoteModule) {
    quoteModule = await import("../../shared/quote");
    for (const listener of quoteListeners) listener();
  }
  return quoteModule;
};
// The payment step's texts, and the orders' (which carry its limit refusals), are kept
// out of the first screen.
export const loadConfirmStep = () =>
  Promise.all([
    import("../../shared/wallet-address"),
    import("./confirm-order-dialog"),
    loadTexts("payment", "orders"),
  ]);
export const loadOrderChecks = () => import("./place-order-checks");
export const loadFormCode = () => Promise.all([loadQuote(), loadOrderChecks(), loadConfirmStep()]);

export const ConfirmOrderDialog = lazy(async () => ({
  default: (await loadConfirmStep())[1].ConfirmOrderDialog,
}));

/** The quote module once loaded, else undefined (and, once an amount is typed, loads it). */
export function useQuoteModule(isNeeded: boolean): QuoteModule | undefined {
  const module = useSyncExternalStore(
    (listener) => {
      quoteListeners.add(listener);
      return () => quoteListeners.delete(listener);
    },
    () => quoteModule,
    () => undefined,
  );
  useEffect(() => {
    if (isNeeded) void loadQuote();
  }, [isNeeded]);
  return module;
}
