import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { formatAmount } from "../../lib/format";

/*
 * The customer's own tax on their sales (Profile → Tax): a financial year's sales with
 * their TDS, the yearly threshold and the certificates. The server decides every figure.
 */

/** A financial year by the year it starts in; this one when not given. */
export function accountTaxQueryOptions(year?: number) {
  return queryOptions({
    queryKey: ["account", "tax", year ?? "current"],
    queryFn: async () =>
      unwrap(
        await api.api.account.tax.$get({ query: year === undefined ? {} : { year: String(year) } }),
      ),
    // The year before stays on screen while another loads: the page does not jump.
    placeholderData: keepPreviousData,
  });
}

export type AccountTax = Awaited<
  ReturnType<NonNullable<ReturnType<typeof accountTaxQueryOptions>["queryFn"]>>
>;
export type TaxCertificate = AccountTax["certificates"][number];
export type TaxedSale = AccountTax["sales"][number];

/** A round amount without its paise, as a limit reads: "10000.00" → "10,000". */
export function wholeRupees(amount: string): string {
  return formatAmount(amount.endsWith(".00") ? amount.slice(0, -3) : amount);
}
