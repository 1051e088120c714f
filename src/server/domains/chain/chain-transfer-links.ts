import type { Selectable, Transaction } from "kysely";
import type { ChainTransferLinksTable, DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";

/*
 * One link per chain transfer (decision 053): a transfer is an order's payout, a sale's
 * deposit, a purchase (the desk's top-up), or an operator's dismissal or refund of it,
 * never two. Every path that decides what a transfer is writes its link here, in its own
 * transaction; the table's key refuses a second one whichever path comes second.
 */

/** A transfer as the chain knows it: its network, transaction, and log index as the watcher numbers it. */
export type TransferKey = { network: string; txHash: string; logIndex: number };

/** What a transfer is linked to. */
export type LinkTarget =
  | { kind: "payout"; orderId: string }
  | { kind: "deposit"; sellOrderId: string }
  | { kind: "purchase"; purchaseId: string }
  | { kind: "dismissal" | "refund"; transferId: string };

export type ChainTransferLink = Selectable<ChainTransferLinksTable>;

export type LinkOutcome =
  /** Written now. */
  | { outcome: "linked" }
  /** This very link was there already. */
  | { outcome: "already" }
  /** Another link holds the transfer, or (a sale's deposit) the target: nothing written. */
  | { outcome: "taken"; by: ChainTransferLink };

/** A recorded transfer's key. */
export const transferKeyOf = (transfer: { network: string; tx_hash: string; log_index: number }) =>
  ({
    network: transfer.network,
    txHash: transfer.tx_hash,
    logIndex: transfer.log_index,
  }) satisfies TransferKey;

function columnsOf(target: LinkTarget) {
  return {
    kind: target.kind,
    order_id: target.kind === "payout" ? target.orderId : null,
    sell_order_id: target.kind === "deposit" ? target.sellOrderId : null,
    purchase_id: target.kind === "purchase" ? target.purchaseId : null,
    chain_transfer_id:
      target.kind === "dismissal" || target.kind === "refund" ? target.transferId : null,
  };
}

const isSame = (link: ChainTransferLink, target: LinkTarget) =>
  Object.entries(columnsOf(target)).every(
    ([column, value]) => link[column as keyof typeof link] === value,
  );

/**
 * Links the transfer to the target in the caller's transaction. A conflict writes nothing
 * and aborts nothing (ON CONFLICT DO NOTHING: a concurrent linker's insert is waited for),
 * and answers the link that holds the transfer, or the sale's deposit that holds the sale.
 */
export async function linkChainTransfer(
  trx: Transaction<DB>,
  key: TransferKey,
  target: LinkTarget,
  linkedBy: string | null,
): Promise<LinkOutcome> {
  const columns = columnsOf(target);
  const written = await trx
    .insertInto("chain_transfer_links")
    .values({
      network: key.network,
      tx_hash: key.txHash,
      log_index: key.logIndex,
      ...columns,
      linked_by: linkedBy,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("kind")
    .executeTakeFirst();
  if (written) return { outcome: "linked" };
  const held = await linkOf(trx, key);
  if (held) return isSame(held, target) ? { outcome: "already" } : { outcome: "taken", by: held };
  // Not the transfer's key: the sale (or the purchase) has a link of its own already.
  const other = await trx
    .selectFrom("chain_transfer_links")
    .selectAll()
    .where((eb) =>
      columns.sell_order_id
        ? eb("sell_order_id", "=", columns.sell_order_id)
        : eb("purchase_id", "=", columns.purchase_id),
    )
    .executeTakeFirstOrThrow();
  return { outcome: "taken", by: other };
}

/**
 * linkChainTransfer for an operator's request: a link taken by another is a 409 that
 * names it, and the caller's transaction writes nothing.
 */
export async function linkChainTransferOrRefuse(
  trx: Transaction<DB>,
  key: TransferKey,
  target: LinkTarget,
  linkedBy: string | null,
): Promise<"linked" | "already"> {
  return refuseTakenLink(key, await linkChainTransfer(trx, key, target, linkedBy));
}

/** The outcome of a link written, or the 409 naming what holds the transfer (or the sale). */
export function refuseTakenLink(key: TransferKey, link: LinkOutcome): "linked" | "already" {
  if (link.outcome !== "taken") return link.outcome;
  const isThisTransfer = link.by.tx_hash === key.txHash && link.by.log_index === key.logIndex;
  throw new AppError(
    409,
    "TRANSFER_LINKED",
    isThisTransfer
      ? `This transfer is already ${describeLink(link.by)}: one transfer is linked to one thing.`
      : `${capitalised(describeLink(link.by))} is another transfer (${link.by.tx_hash}): a sale has one deposit.`,
  );
}

/** The transfer's link, if it has one. */
export function linkOf(trx: Transaction<DB>, key: TransferKey) {
  return trx
    .selectFrom("chain_transfer_links")
    .selectAll()
    .where("network", "=", key.network)
    .where("tx_hash", "=", key.txHash)
    .where("log_index", "=", key.logIndex)
    .executeTakeFirst();
}

/** The links of a transaction's transfers, by log index. */
export async function linksOfTransaction(
  trx: Transaction<DB>,
  network: string,
  txHash: string,
): Promise<Map<number, ChainTransferLink>> {
  const links = await trx
    .selectFrom("chain_transfer_links")
    .selectAll()
    .where("network", "=", network)
    .where("tx_hash", "=", txHash)
    .execute();
  return new Map(links.map((link) => [link.log_index, link]));
}

/** What a link makes of its transfer, as a refusal names it ("the payout of order 1a2b3c4d"). */
export function describeLink(link: ChainTransferLink): string {
  const short = (id: string | null) => id?.slice(0, 8) ?? "";
  switch (link.kind) {
    case "payout":
      return `the payout of order ${short(link.order_id)}`;
    case "deposit":
      return `the deposit of sell order ${short(link.sell_order_id)}`;
    case "purchase":
      return "recorded as a purchase (the desk's own top-up)";
    case "dismissal":
      return "marked not a payout";
    case "refund":
      return "a deposit marked to refund";
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
