import { Badge } from "../components/ui/badge";
import { useTexts } from "../i18n/use-texts";
import type { VerificationStatusName } from "./verification-api";

const VARIANTS = {
  not_needed: "default",
  requested: "warning",
  submitted: "info",
  verified: "success",
  rejected: "destructive",
} as const satisfies Record<VerificationStatusName, string>;

/** Whether the customer may send their details and documents now. */
export function canSubmitVerification(status: VerificationStatusName): boolean {
  return status === "not_needed" || status === "requested" || status === "rejected";
}

/** The customer's verification status as a badge, in their language. */
export function VerificationStatusBadge({ status }: { status: VerificationStatusName }) {
  const { t } = useTexts();
  return (
    <Badge variant={VARIANTS[status]} data-testid="verification-status">
      {t(`account.verification.statuses.${status}`)}
    </Badge>
  );
}
