import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import type { Kysely } from "kysely";
import { languageOr } from "../../../../shared/languages";
import type { PlaceOrderInput } from "../../../../shared/order-input";
import { quoteReceiveAmount } from "../../../../shared/quote";
import type { SessionUser } from "../../../platform/api/session";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { AppError } from "../../../platform/http/errors";
import type { NotificationTargets } from "../../../platform/notifications/operator-messages";
import { releaseLimitClaim } from "../../limits/order-limits";
import { OFFERED_ACCOUNT } from "../../receiving-accounts/receiving-account-summary";
import { findByIdempotencyKey, idempotencyKeyReused } from "../idempotency";
import { orderLimitsRefusal } from "../rules/order-limits";
import { orderMessages } from "./order-messages";
import { type CandidateOutcome, type OrderCandidate, writeOrder } from "./order-placement-sql";
import type { OrderRow } from "./order-view";

export interface PlaceOrderResult {
  order: OrderRow;
  /** True when the idempotency key matched an order placed before. */
  isReplay: boolean;
}

/**
 * Places a customer's order under the rules in force: the server's rate (the
 * page's must match), min/max, maintenance mode, the per-minute limit. The
 * payment reference and the idempotency key are unique in the database, so
 * concurrent or repeated submissions store one order.
 *
 * The rules, the limit, the order, its first event and its notifications are
 * one SQL query (order-placement-sql.ts, built from the modules of rules/),
 * shared with the orders submitted in the same moment: the order is written only
 * if every rule holds in that query's snapshot and the customer's limit window
 * has a slot; when it is not, the query's verdicts name the rule that refused it.
 */
export async function placeOrder({
  db,
  user,
  input,
  idempotencyKey,
  notify,
  announcer,
  maxOrdersPerMinute,
}: {
  db: Kysely<DB>;
  user: SessionUser;
  input: PlaceOrderInput;
  idempotencyKey?: string;
  notify: NotificationTargets;
  announcer: OrderAnnouncer;
  /** Per customer, counted in the order's query; beyond it, 429 and nothing stored. */
  maxOrdersPerMinute: number;
}): Promise<PlaceOrderResult> {
  const candidate = orderCandidate(user, input, { idempotencyKey, notify, maxOrdersPerMinute });
  const { draft } = candidate;
  const outcome = await writeOrder(db, candidate);
  const verdict = verdictOf(outcome);
  if (verdict.kind === "written") {
    // The answer does not wait for the live-update round trip: the order is stored,
    // its page starts from the stored status, and a stopping server drains it.
    void announcer.announce(verdict.order, "created");
    return { order: verdict.order, isReplay: false };
  }
  // Claimed, yet not written (a key or reference stored meanwhile): its rupees go back.
  if (outcome.limitsClaimedAt) {
    await releaseLimitClaim(db, {
      userId: user.id,
      amount: draft.send_amount,
      claimedAt: outcome.limitsClaimedAt,
    });
  }
  // A key or reference stored meanwhile (got a slot, yet not written) is a retry too.
  if ((outcome.hasEarlier || outcome.gotSlot) && idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return replayOf(earlier, draft);
  }
  throw await refusalOf(db, draft, verdict);
}

/** The order as the placement query judges it, its amount computed at the page's rate. */
function orderCandidate(
  user: SessionUser,
  input: PlaceOrderInput,
  {
    idempotencyKey,
    notify,
    maxOrdersPerMinute,
  }: { idempotencyKey?: string; notify: NotificationTargets; maxOrdersPerMinute: number },
): OrderCandidate {
  // Computed at the page's rate: the query stores it only if that is the rate in force.
  const receiveAmount = quoteReceiveAmount({
    amount: input.amount,
    rate: input.quotedRate,
    sendCurrency: input.sendCurrency,
    receiveCurrency: input.receiveCurrency,
  });
  const draft = draftOrder(user, input, receiveAmount, idempotencyKey ?? null);
  return {
    draft,
    quotedRate: input.quotedRate,
    isAdmin: user.role === "admin",
    isDeliverable: new Decimal(receiveAmount).gt(0),
    maxOrdersPerMinute,
    signedUpAt: new Date(user.createdAt),
    messages: orderMessages(
      "placed",
      draft,
      notify,
      { isEmailVerified: user.emailVerified, language: languageOr(user.language) },
      OFFERED_ACCOUNT,
    ),
  };
}

/** What the customer is told of an order not written. */
async function refusalOf(
  db: Kysely<DB>,
  draft: OrderRow,
  verdict: Exclude<OrderVerdict, { kind: "written" }>,
): Promise<AppError> {
  switch (verdict.kind) {
    case "refused":
      return verdict.refusal;
    case "overLimits":
      // Named from the totals as they are now.
      return orderLimitsRefusal(db, draft.user_id, draft.send_amount);
    case "referenceTaken":
      return referenceRefusal(db, draft.user_id, draft.payment_reference, verdict);
    case "offerNotValid":
      return offerNotValid();
    case "tooMany":
      return new AppError(
        429,
        "TOO_MANY_ORDERS",
        "You have placed many orders in the last minute. Please wait a moment and try again.",
      );
  }
}

/** What became of an order in its query, decided once from what the query read. */
type OrderVerdict =
  | { kind: "written"; order: OrderRow }
  /** The first rule, in REFUSAL_RULES's order, that refused it. */
  | { kind: "refused"; refusal: AppError }
  /** A slot but no room: the order limits refused it. */
  | { kind: "overLimits" }
  /**
   * Another order has the payment reference, or one took it (or the key) after the
   * query's snapshot: it got a slot, yet was not written.
   */
  | { kind: "referenceTaken"; isReferenceUsed: boolean; isOfferValid: boolean }
  /** The payment-step offer it names is not this order's to use. */
  | { kind: "offerNotValid" }
  /** No slot in the customer's per-minute window. */
  | { kind: "tooMany" };

function verdictOf(outcome: CandidateOutcome): OrderVerdict {
  if (outcome.order) return { kind: "written", order: outcome.order };
  if (outcome.refusal) return { kind: "refused", refusal: outcome.refusal };
  if (outcome.gotSlot && !outcome.limitsClaimedAt) return { kind: "overLimits" };
  if (outcome.isReferenceUsed || outcome.gotSlot) {
    const { isReferenceUsed, isOfferValid } = outcome;
    return { kind: "referenceTaken", isReferenceUsed, isOfferValid };
  }
  if (!outcome.isOfferValid) return { kind: "offerNotValid" };
  return { kind: "tooMany" };
}

/**
 * The refusal of an order whose payment reference is taken. Most often by the
 * customer's own order, sent again after a reload (which loses the retry's key): then
 * it points to it. Another customer's order is not named.
 */
async function referenceRefusal(
  db: Kysely<DB>,
  userId: string,
  reference: string | null,
  { isReferenceUsed, isOfferValid }: { isReferenceUsed: boolean; isOfferValid: boolean },
): Promise<AppError> {
  const own = await db
    .selectFrom("orders")
    .select("id")
    .where("payment_reference", "=", reference)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (own) {
    return new AppError(
      409,
      "PAYMENT_REFERENCE_YOURS",
      `You have already placed order #${own.id.slice(0, 8)} with this payment reference.`,
      { orderId: own.id },
    );
  }
  if (!isReferenceUsed && !(await isReferenceTaken(db, reference))) {
    return offerNotValid(); // a concurrent order took the same offer
  }
  // Without an offer of their own, nobody learns whether a reference is in use.
  if (!isOfferValid) return offerNotValid();
  return new AppError(
    409,
    "PAYMENT_REFERENCE_USED",
    "This payment reference has already been used for an order. Check the transaction ID in your payment app.",
  );
}

function offerNotValid() {
  return new AppError(
    409,
    "PAYMENT_OFFER_NOT_VALID",
    "The payment details you were shown do not match this order (another amount or method, or an order already placed with them). Close this window and press Place Order again to see where to pay.",
  );
}

async function isReferenceTaken(db: Kysely<DB>, reference: string | null) {
  if (reference === null) return false;
  const found = await db
    .selectFrom("orders")
    .select("id")
    .where("payment_reference", "=", reference)
    .executeTakeFirst();
  return found !== undefined;
}

/** The first order as the answer to a retried submission, if the retry describes that order. */
function replayOf(earlier: OrderRow, draft: OrderRow): PlaceOrderResult {
  const isSame =
    earlier.send_currency === draft.send_currency &&
    new Decimal(earlier.send_amount).eq(draft.send_amount) &&
    earlier.receive_currency === draft.receive_currency &&
    earlier.network === draft.network &&
    earlier.wallet_address === draft.wallet_address &&
    earlier.payment_reference === draft.payment_reference &&
    earlier.payer_name === draft.payer_name;
  if (!isSame) throw idempotencyKeyReused(earlier.id);
  return { order: earlier, isReplay: true };
}

/** The row as the database will store it (numeric columns as PostgreSQL prints them). */
function draftOrder(
  user: SessionUser,
  input: PlaceOrderInput,
  receiveAmount: string,
  idempotencyKey: string | null,
): OrderRow {
  const now = new Date();
  return {
    id: randomUUID(),
    user_id: user.id,
    user_email: user.email,
    send_currency: input.sendCurrency,
    send_amount: new Decimal(input.amount).toFixed(2),
    receive_currency: input.receiveCurrency,
    receive_amount: new Decimal(receiveAmount).toFixed(4),
    exchange_rate: new Decimal(input.quotedRate).toFixed(4),
    network: input.network,
    wallet_address: input.walletAddress,
    payment_reference: input.paymentReference,
    payer_name: input.payerName,
    status: "pending",
    payout_tx_hash: null,
    idempotency_key: idempotencyKey,
    // The query fills in the account from the offer.
    receiving_account_id: null,
    receiving_offer_id: input.receivingOfferId,
    created_at: now,
    updated_at: now,
  };
}
