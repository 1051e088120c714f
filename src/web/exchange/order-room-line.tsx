import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTexts } from "../i18n/use-texts";
import { unwrap } from "../lib/api-answers";
import { api } from "../lib/api-client";
import { formatAmount } from "../lib/format";

/** The signed-in customer's order limits; placing an order refreshes them. */
export const orderLimitsQueryKey = ["order-limits"] as const;

/**
 * What the signed-in customer can still buy before they pay (docs/decisions/035),
 * with the way to raise it. Loaded after sign-in, apart from the first screen's
 * code; its line's place is kept on the page, so nothing moves when it arrives.
 */
export default function OrderRoomLine() {
  const { t } = useTexts();
  const { data: limits } = useQuery({
    queryKey: orderLimitsQueryKey,
    queryFn: async () => unwrap(await api.api.limits.$get()),
    staleTime: 30_000,
  });
  if (!limits) return null;
  const [text, link] = limits.isVerificationRequested
    ? [t("orders.limits.verificationRequested"), t("orders.limits.verifyNow")]
    : [
        t("orders.limits.canBuy", { amount: formatAmount(limits.canBuyInr) }),
        limits.isVerified ? null : t("orders.limits.raise"),
      ];
  // One row: on a narrow phone the words wrap beside the link, within the 44 px the page
  // keeps for the line; below each other they made it 60 px and moved the form down.
  // Only when even the longest word leaves the link no room (large text) does the link
  // take a row of its own.
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <span className="flex-1">{text}</span>
      {link && (
        <Link to={limits.verifyUrl} className="touch-target font-medium text-primary underline">
          {link}
        </Link>
      )}
    </span>
  );
}
