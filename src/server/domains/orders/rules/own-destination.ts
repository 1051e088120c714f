import { sql } from "kysely";
import { AppError } from "../../../platform/http/errors";
import { refusalRule } from "./order-rule";
import type { SaleDraft } from "./sale-draft";

/*
 * Where a sale's rupees go: one of the customer's own payout accounts, not removed
 * (`input.destination_found`), in their own name unless the desk allows another name
 * to be held (the other-name hold, hold-other-name.ts).
 */

export const ownDestinationRule = refusalRule<never, SaleDraft>({
  name: "own_destination",
  settings: [],
  passes: sql<boolean>`input.destination_found`,
  refusal: () =>
    new AppError(
      404,
      "PAYOUT_DESTINATION_NOT_FOUND",
      "This payout account is not one of yours. Choose the account the rupees go to.",
      { field: "destinationId" },
    ),
});

export const destinationNameRule = refusalRule<"sell_hold_other_names", SaleDraft>({
  name: "destination_name",
  settings: ["sell_hold_other_names"],
  passes: sql<boolean>`input.holder_is_customer OR settings.sell_hold_other_names`,
  refusal: ({ order }) =>
    new AppError(
      422,
      "PAYOUT_NAME_NOT_YOURS",
      `The account must be in your own name (${order.customerName}): the desk pays rupees only to its customer's own account.`,
      { field: "destinationId", name: order.customerName },
    ),
});
