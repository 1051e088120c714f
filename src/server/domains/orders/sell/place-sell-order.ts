import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { saleBlocklistKeys } from "../../../../shared/blocklist-keys";
import { Decimal } from "../../../../shared/money";
import { quoteSaleRupees } from "../../../../shared/quote";
import type { SellOrderInput } from "../../../../shared/sell-order-input";
import type { SessionUser } from "../../../platform/api/session";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { AppError } from "../../../platform/http/errors";
import { verificationRequested } from "../../limits/order-limits";
import { idempotencyKeyReused } from "../idempotency";
import { expireOverdueSales } from "./expire-sales";
import { insertSaleIfAllowed } from "./sale-statement";
import type { SellOrderRow } from "./sell-order-view";

/** Cents added to make a deposit amount unique: none, then 0.01 … 0.99 (decision 049). */
const UNIQUE_CENTS = 100;
/** Other customers' sales taking each free amount first, in a row, before this one gives up. */
const AMOUNT_ATTEMPTS = 5;

export interface PlaceSaleResult {
  sale: SellOrderRow;
  /** True when the idempotency key matched a sale placed before. */
  isReplay: boolean;
}

/**
 * Places a customer's sale: the rupees for the deposit amount at the page's buy rate
 * (the rate in force, or it is refused), to one of their own payout accounts, under the
 * sale rules (rules/sale-rules.ts). The customer's row is held meanwhile, so their
 * parallel sales are counted against the limits one by one and a retried request finds
 * the first sale by its key. The network's overdue sales it expires are announced once
 * committed, so their customers' pages show it.
 */
export async function placeSellOrder({
  db,
  announcer,
  user,
  input,
  idempotencyKey,
}: {
  db: Kysely<DB>;
  announcer: Pick<OrderAnnouncer, "announceSale">;
  user: SessionUser;
  input: SellOrderInput;
  idempotencyKey?: string;
}): Promise<PlaceSaleResult> {
  let expired: Awaited<ReturnType<typeof expireOverdueSales>> = [];
  const placed = await db.transaction().execute(async (trx) => {
    const customer = await trx
      .selectFrom("user")
      .leftJoin("customer_verifications as verification", "verification.user_id", "user.id")
      .select([
        "user.name",
        "verification.verified_name",
        "verification.status",
        "verification.requested_at",
      ])
      .where("user.id", "=", user.id)
      .forUpdate("user")
      .executeTakeFirstOrThrow();
    if (idempotencyKey) {
      const earlier = await trx
        .selectFrom("sell_orders")
        .selectAll()
        .where("user_id", "=", user.id)
        .where("idempotency_key", "=", idempotencyKey)
        .executeTakeFirst();
      if (earlier) return replayOf(earlier, input);
    }
    const isVerified = customer.status === "verified";
    if (customer.requested_at !== null && !isVerified) throw verificationRequested(false);
    const destination = await ownDestination(trx, user.id, input.destinationId, {
      name: customer.verified_name ?? customer.name,
    });
    expired = await expireOverdueSales(trx, { network: input.network });
    for (let attempt = 0; attempt < AMOUNT_ATTEMPTS; attempt++) {
      const depositUsdt = await freeDepositAmount(trx, input.network, input.usdtAmount);
      const id = randomUUID();
      const outcome = await insertSaleIfAllowed(trx, {
        id,
        userId: user.id,
        userEmail: user.email,
        network: input.network,
        requestedUsdt: input.usdtAmount,
        depositUsdt,
        quotedRate: input.quotedBuyRate,
        inrAmount: quoteSaleRupees({ usdt: depositUsdt, rate: input.quotedBuyRate }),
        destinationId: destination.id,
        holderIsCustomer: destination.holder_is_customer,
        isVerified,
        isAdmin: user.role === "admin",
        blocklistKeys: saleBlocklistKeys(destination),
        idempotencyKey: idempotencyKey ?? null,
      });
      if (outcome.refusal) throw outcome.refusal;
      if (outcome.isWritten) {
        const sale = await trx
          .selectFrom("sell_orders")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return { sale, isReplay: false };
      }
      // Another customer's sale took this amount since it was read: the next cent.
    }
    throw amountBusy(input.usdtAmount);
  });
  // Only after the commit: a refused sale rolls their expiry back with it.
  await Promise.all(expired.map((sale) => announcer.announceSale(sale)));
  return placed;
}

/** One of the customer's payout accounts, not removed; the desk may have stopped allowing other names since. */
async function ownDestination(
  trx: Transaction<DB>,
  userId: string,
  destinationId: string,
  customer: { name: string },
) {
  const destination = await trx
    .selectFrom("payout_destinations")
    .selectAll()
    .where("id", "=", destinationId)
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (!destination) {
    throw new AppError(
      404,
      "PAYOUT_DESTINATION_NOT_FOUND",
      "This payout account is not one of yours. Choose the account the rupees go to.",
      { field: "destinationId" },
    );
  }
  if (!destination.holder_is_customer) {
    const { sell_hold_other_names } = await trx
      .selectFrom("site_settings")
      .select("sell_hold_other_names")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    if (!sell_hold_other_names) {
      throw new AppError(
        422,
        "PAYOUT_NAME_NOT_YOURS",
        `The account must be in your own name (${customer.name}): the desk pays rupees only to its customer's own account.`,
        { field: "destinationId", name: customer.name },
      );
    }
  }
  return destination;
}

/** The request plus the fewest cents that no sale awaiting a deposit on the network asks. */
async function freeDepositAmount(trx: Transaction<DB>, network: string, requested: string) {
  const base = new Decimal(requested);
  const taken = await trx
    .selectFrom("sell_orders")
    .select("deposit_usdt")
    .where("network", "=", network)
    .where("status", "=", "awaiting_deposit")
    .where("deposit_usdt", ">=", base.toFixed(2))
    .where("deposit_usdt", "<", base.plus(1).toFixed(2))
    .execute();
  const takenCents = new Set(
    taken.map((sale) => new Decimal(sale.deposit_usdt).minus(base).times(100).toNumber()),
  );
  for (let cents = 0; cents < UNIQUE_CENTS; cents++) {
    if (!takenCents.has(cents)) return base.plus(new Decimal(cents).div(100)).toFixed(2);
  }
  throw amountBusy(requested);
}

function amountBusy(requested: string) {
  return new AppError(
    409,
    "SALE_AMOUNT_BUSY",
    `Many sales of about ${requested} USDT are waiting for their deposits on this network. Try another amount, or try again in a few minutes.`,
    { field: "usdtAmount" },
  );
}

/** The first sale as the answer to a retried request, if the retry describes that sale. */
function replayOf(earlier: SellOrderRow, input: SellOrderInput): PlaceSaleResult {
  const isSame =
    earlier.network === input.network &&
    new Decimal(earlier.requested_usdt).eq(input.usdtAmount) &&
    earlier.destination_id === input.destinationId;
  if (!isSame) throw idempotencyKeyReused(earlier.id);
  return { sale: earlier, isReplay: true };
}
