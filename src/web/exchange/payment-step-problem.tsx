import { Link } from "react-router";
import { groupIndian } from "../../shared/indian-grouping";
import { Button } from "../components/ui/button";
import { pageRefusalText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { ApiError } from "../lib/api-answers";

/**
 * Why the payment step shows no account to pay into. Only the server's "no account
 * takes this payment" and "the network's payouts are paused" are pauses; a lost connection, an ended session and a failure
 * on the server each need other words and another way on.
 */
export type PaymentStepProblem = "paused" | "signedOut" | "offline" | "failed" | "limit";

/** The customer's order limits refused the amount, or an operator asked them to verify first. */
const LIMIT_CODES = new Set([
  "ORDER_LIMIT_PER_ORDER",
  "ORDER_LIMIT_PER_DAY",
  "ORDER_LIMIT_PER_MONTH",
  "VERIFICATION_REQUESTED",
]);

export function isLimitRefusal(error: Error): boolean {
  return error instanceof ApiError && LIMIT_CODES.has(error.code ?? "");
}

/**
 * A limit refusal in the reader's words, from the orders' texts (loaded with this
 * step), so that its words stay out of the first screen.
 */
export function limitRefusalText(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  const { leftInr, limitInr } = error.details ?? {};
  return pageRefusalText("orders.limits.refusals", error, {
    ...error.details,
    // Written the Indian way, as the server writes them in English: ₹1,00,000.
    ...(typeof leftInr === "string" && { leftInr: groupIndian(leftInr) }),
    ...(typeof limitInr === "string" && { limitInr: groupIndian(limitInr) }),
  });
}

export function paymentStepProblem(error: Error): PaymentStepProblem {
  // fetch rejects (no ApiError) when no answer arrived at all.
  if (!(error instanceof ApiError)) return "offline";
  if (error.code === "NO_RECEIVING_ACCOUNT" || error.code === "NETWORK_PAUSED") return "paused";
  if (isLimitRefusal(error)) return "limit";
  if (error.status === 401) return "signedOut";
  return "failed";
}

/** The visible reason a disabled Submit Order gives, by id, to screen readers too. */
export const SUBMIT_BLOCKED_REASON_ID = "submit-blocked-reason";

export function SubmitBlockedReason({ problem }: { problem: PaymentStepProblem | null }) {
  const { t } = useTexts();
  const reason =
    problem === "paused"
      ? t("payment.submitPaused")
      : problem === "signedOut"
        ? t("payment.submitSignedOut")
        : t("payment.submitNeedsAccount");
  return (
    <p id={SUBMIT_BLOCKED_REASON_ID} className="text-xs text-muted-foreground">
      {reason}
    </p>
  );
}

/** What went wrong, in the reader's words, with the way on: try again, log in again, or verify. */
export function PaymentStepProblemBox({
  problem,
  error,
  onRetry,
}: {
  problem: PaymentStepProblem;
  error: Error;
  onRetry: () => void;
}) {
  const { t } = useTexts();
  const title = {
    paused: t("payment.pausedTitle"),
    signedOut: t("payment.signedOutTitle"),
    offline: t("payment.offlineTitle"),
    failed: t("payment.failedTitle"),
    limit: t("orders.limits.refusalTitle"),
  }[problem];
  // The server's words where it refused for a reason the customer can act on (a
  // pause, maintenance, an amount); our own where it failed.
  const message =
    problem === "signedOut"
      ? t("payment.signedOutMessage")
      : problem === "offline"
        ? t("payment.offlineMessage")
        : problem === "failed" && error instanceof ApiError && error.status >= 500
          ? t("payment.failedMessage")
          : problem === "limit"
            ? limitRefusalText(error)
            : error.message;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
      {problem === "signedOut" ? (
        <Button asChild size="sm" variant="outline">
          <Link to="/login">{t("payment.logInAgain")}</Link>
        </Button>
      ) : problem === "limit" ? (
        <Button asChild size="sm" variant="outline">
          <Link to="/verify">{t("orders.limits.verifyLink")}</Link>
        </Button>
      ) : problem !== "paused" ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t("payment.retry")}
        </Button>
      ) : null}
    </div>
  );
}
