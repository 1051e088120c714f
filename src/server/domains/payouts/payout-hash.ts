import { sql, type Transaction } from "kysely";
import { findNetwork, findReceiveOption } from "../../../shared/catalog";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { OrderRow } from "../orders/buy/order-view";

/** Namespace of the advisory locks that make one payout hash's checks take turns. */
const PAYOUT_HASH_LOCK = 0x7061_7974; // "payt"

/** Makes everyone recording or confirming this payout hash take turns until the transaction ends. */
export async function lockPayoutHash(trx: Transaction<DB>, payoutTxHash: string) {
  await sql`SELECT pg_advisory_xact_lock(${PAYOUT_HASH_LOCK}::int, hashtext(${payoutTxHash}))`.execute(
    trx,
  );
}

/**
 * An order autopilot has sent (its signed payout kept, decision 057) is paid by that
 * transaction alone: an operator may record that hash, and nothing else on the order,
 * for another payout or a cancel would leave the customer paid twice or paid unrecorded.
 * Once that transaction reverted in a final block, or expired in none (TRON), no USDT
 * moved: the order is theirs.
 */
export async function refuseBesideAutopilotSend(
  trx: Transaction<DB>,
  orderId: string,
  payoutTxHash: string | null,
) {
  const sent = await trx
    .selectFrom("autopilot_sends")
    .select(["tx_hash", "reverted", "lapsed_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  // Reverted, or expired in no block (TRON): it moved nothing and can no longer.
  const movedOrMay = sent && sent.reverted !== true && sent.lapsed_at === null;
  if (!movedOrMay || sent.tx_hash === payoutTxHash) return;
  throw new AppError(
    409,
    "AUTOPILOT_SENT",
    `Autopilot has sent this order's USDT in transaction ${sent.tx_hash}. The order completes when that transfer is final; another payout or a status change by hand would pay the customer twice or leave the payout unrecorded.`,
    { payoutTxHash: sent.tx_hash },
  );
}

/**
 * A payout hash is one transfer to one wallet (docs/decisions/010). It may be on
 * several orders only when one transaction paid them all: same currency, network
 * and wallet (a batch payout). Otherwise 409, naming the order that has it, or
 * whose payout is being checked on chain with it. Two admins recording one hash at
 * once take turns on a lock, so the second sees the first one's order once it commits.
 */
export async function checkPayoutTxHashFree(
  trx: Transaction<DB>,
  order: Pick<OrderRow, "id" | "receive_currency" | "network" | "wallet_address">,
  payoutTxHash: string,
) {
  await refuseBesideAutopilotSend(trx, order.id, payoutTxHash);
  await lockPayoutHash(trx, payoutTxHash);
  const other = await trx
    .selectFrom("orders")
    .select(["id", "receive_currency", "network", "wallet_address"])
    .where((eb) =>
      eb.or([
        eb("payout_tx_hash", "=", payoutTxHash),
        eb(
          "id",
          "in",
          eb
            .selectFrom("payout_checks")
            .select("order_id")
            .where("payout_tx_hash", "=", payoutTxHash)
            .where("state", "<>", "confirmed"),
        ),
      ]),
    )
    .where("id", "<>", order.id)
    .where((eb) =>
      eb.or([
        eb("receive_currency", "<>", order.receive_currency),
        eb("wallet_address", "<>", order.wallet_address),
        sql<boolean>`network IS DISTINCT FROM ${order.network}`,
      ]),
    )
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!other) return;
  const network = other.network ? findNetwork(other.network)?.name : undefined;
  const currency = findReceiveOption(other.receive_currency)?.name ?? other.receive_currency;
  throw new AppError(
    409,
    "PAYOUT_TX_HASH_USED",
    `This transaction hash is already recorded on order ${other.id.slice(0, 8)}, which was paid to ${other.wallet_address} (${network ?? currency}). One transaction pays one wallet: check the hash.`,
    { orderId: other.id },
  );
}
