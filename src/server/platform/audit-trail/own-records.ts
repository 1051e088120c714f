import { AppError } from "../http/errors";

const ANOTHER_ADMIN_MUST = {
  order: "This is your own order: another admin must verify, complete or change it.",
  hold: "This hold is on your own account or order: another admin must release it.",
  verification: "This is your own identity check: another admin must decide it.",
  suspicion: "This report is about your own account: another admin must record or file it.",
  refund: "This deposit was sent for your own sale: another admin must mark it to refund.",
} as const;

/**
 * Four eyes: an admin who is also a customer never approves their own order, hold
 * or identity check, or they could pay themselves coins for a payment nobody else
 * saw, or raise their own limits. A desk with a single admin adds a second for these.
 */
export function refuseOwnRecord(
  admin: { id: string },
  ownerId: string | null,
  record: keyof typeof ANOTHER_ADMIN_MUST,
) {
  if (ownerId === admin.id) {
    throw new AppError(403, "OWN_RECORD", ANOTHER_ADMIN_MUST[record]);
  }
}
