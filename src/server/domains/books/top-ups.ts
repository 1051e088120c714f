import { sql, type Transaction } from "kysely";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import { Decimal } from "../../../shared/money";
import type { UsdtPurchase } from "../../../shared/usdt-purchase-input";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { type PageCursor, pageNewestFirst } from "../../platform/http/page-cursor";

/*
 * Top-ups (issue 43): the final USDT transfers into the payout wallets that the
 * watcher recorded, each of which an operator may record as one purchase; but not
 * those that are a customer's: a sell order's deposit, or one marked to refund.
 */

/** Incoming match states that make a transfer a customer's, not the desk's top-up. */
const CUSTOMERS_DEPOSIT = ["matched", "to_refund"] as const;

export const TOP_UPS_PAGE_SIZE = 50;

/** A page of the top-ups, newest first, each with the purchase recorded from it. */
export async function listTopUps(
  db: Database,
  { cursor, limit = TOP_UPS_PAGE_SIZE }: { cursor?: PageCursor | null; limit?: number },
) {
  const { rows, nextCursor } = await pageNewestFirst(
    db
      .selectFrom("chain_transfers as transfer")
      .leftJoin("usdt_purchases as purchase", "purchase.chain_transfer_id", "transfer.id")
      .select([
        "transfer.id",
        "transfer.network",
        "transfer.tx_hash",
        "transfer.log_index",
        "transfer.from_address",
        "transfer.to_address",
        sql<string>`trim_scale(transfer.amount)::text`.as("amount"),
        "transfer.block_number",
        "transfer.seen_at",
        sql<string>`(transfer.seen_at AT TIME ZONE 'Asia/Kolkata')::date::text`.as("day"),
        "purchase.id as purchase_id",
      ])
      .where("transfer.direction", "=", "in")
      .where("transfer.state", "=", "final")
      .where((eb) =>
        eb.or([
          eb("transfer.match_state", "is", null),
          eb("transfer.match_state", "not in", CUSTOMERS_DEPOSIT),
        ]),
      ),
    { at: "transfer.seen_at", id: "transfer.id" },
    { cursor, limit },
  );
  return {
    topUps: rows.map((row) => ({
      id: row.id,
      // The watcher writes only the catalog's networks.
      network: row.network as NetworkId,
      txHash: row.tx_hash,
      logIndex: row.log_index,
      from: row.from_address,
      to: row.to_address,
      amount: row.amount,
      blockNumber: String(row.block_number),
      day: row.day,
      seenAt: row.seen_at.toISOString(),
      purchaseId: row.purchase_id,
    })),
    nextCursor,
  };
}

/**
 * The top-up a purchase is being recorded from, locked so that two saves of it take
 * turns: refused unless it is a final transfer into a payout wallet that the deposit
 * matcher has decided is no customer's, not recorded yet, and the form's network and
 * quantity are the transfer's own (the server decides them, not the page). Nothing is
 * written on a refusal; the purchase's link (recordPurchase) makes it one thing only.
 */
export async function claimTopUp(trx: Transaction<DB>, transferId: string, input: UsdtPurchase) {
  const transfer = await trx
    .selectFrom("chain_transfers")
    .select(["id", "network", "tx_hash", "log_index", "direction", "state", "confirmations"])
    .select("amount")
    .select(["match_state", "sell_order_id"])
    .where("id", "=", transferId)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer) throw new AppError(404, "NOT_FOUND", "No transfer with this id.");
  if (transfer.direction !== "in") {
    throw new AppError(
      422,
      "NOT_A_TOP_UP",
      "This transfer left a payout wallet: only a transfer into one can be recorded as a purchase.",
    );
  }
  if (transfer.state !== "final") {
    throw new AppError(
      409,
      "TOP_UP_NOT_FINAL",
      transfer.state === "seen"
        ? `This top-up is not final yet (${transfer.confirmations} confirmations): record it once it is.`
        : `This top-up ${transfer.state === "failed" ? "failed on chain" : "was taken back by a reorganisation"}: the desk did not receive it.`,
    );
  }
  if (transfer.match_state === "waiting") {
    throw new AppError(
      409,
      "TOP_UP_WAITING",
      "The watcher has not yet decided whether this transfer is a customer's deposit: record it once it is listed as unmatched.",
    );
  }
  if (transfer.match_state === "matched" || transfer.match_state === "to_refund") {
    throw new AppError(
      409,
      "NOT_A_TOP_UP",
      transfer.sell_order_id
        ? `This transfer is the deposit of sell order ${transfer.sell_order_id.slice(0, 8)}: the desk bought it from the customer.`
        : "This transfer is a customer's deposit marked to refund: it is not the desk's.",
    );
  }
  const recorded = await trx
    .selectFrom("usdt_purchases")
    .select("id")
    .where("chain_transfer_id", "=", transfer.id)
    .executeTakeFirst();
  if (recorded) {
    throw new AppError(
      409,
      "TOP_UP_RECORDED",
      "This top-up is already recorded as a purchase (perhaps by another operator meanwhile).",
      { purchaseId: recorded.id },
    );
  }
  if (input.network !== transfer.network) {
    throw new AppError(
      422,
      "TOP_UP_MISMATCH",
      `This top-up came on ${findNetwork(transfer.network)?.name ?? transfer.network}: the purchase's network is the transfer's.`,
      { field: "network" },
    );
  }
  if (!new Decimal(input.quantityUsdt).eq(transfer.amount)) {
    throw new AppError(
      422,
      "TOP_UP_MISMATCH",
      `This top-up brought ${new Decimal(transfer.amount).toFixed()} USDT: the purchase's quantity is the transfer's.`,
      { field: "quantityUsdt" },
    );
  }
  return transfer;
}
