import { type ExpressionBuilder, sql } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import type { Database } from "../../platform/db/database";
import type { DB } from "../../platform/db/schema";
import { listWaitingForApproval, type WaitingForApproval } from "./autopilot-approvals";

/** A signer whose last pass is older than this is taken as stopped. */
export const SIGNER_SILENT_SECONDS = 60;
/** The sends the Autopilot page lists, newest first. */
const RECENT_SENDS = 50;

/** What autopilot is doing, as the Autopilot page shows it. */
export type AutopilotActivity = {
  stopped: boolean;
  /** Why the signer stopped all sending by itself; null when an operator did, or while it runs. */
  stoppedReason: string | null;
  /** Each network a signer's process pays on: from which address, its last pass, its failure. */
  signers: {
    network: NetworkId;
    senderAddress: string;
    passedAt: string;
    running: boolean;
    lastError: string | null;
    /** The hot wallet as the signer last read it; null before its first read. */
    hotWallet: {
      usdt: string;
      coin: string;
      readAt: string;
      ceilingUsdt: string;
      /** What to sweep to cold storage: the USDT above the ceiling; null at or below it. */
      sweepUsdt: string | null;
    } | null;
  }[];
  /**
   * Per network: sent in the last 24 hours against the most per 24 hours, and the fees
   * those payouts cost in the network's coin (of those final so far).
   */
  today: {
    network: NetworkId;
    enabled: boolean;
    sentUsdt: string;
    maxDayUsdt: string;
    feesPaid: string;
  }[];
  sends: {
    orderId: string;
    network: NetworkId;
    toAddress: string;
    amountUsdt: string;
    txHash: string;
    /** The sender's nonce on an EVM chain; null on TRON, which has none. */
    nonce: string | null;
    /** TRON: when its transaction can no longer be taken into a block. */
    expiresAt: string | null;
    /** Solana: the last block height its blockhash lets a block take it at. */
    validUntilBlock: string | null;
    signedAt: string;
    /** Null until a node took it. */
    broadcastAt: string | null;
    /** What it cost in the network's coin; null until final. */
    feePaid: string | null;
    /** Whether it reverted on chain (its USDT never moved); null until final. */
    reverted: boolean | null;
    /**
     * How many of its transactions were replaced: on EVM stuck on its nonce, sent again
     * with higher fees; on TRON and Solana past their last moment in no block, signed again.
     */
    replaced: number;
    orderStatus: string;
  }[];
  /** Verified orders whose payout waits for operators' approvals. */
  waiting: WaitingForApproval[];
  /** Verified orders autopilot would not pay, and why: an operator pays them by hand. */
  refused: { orderId: string; network: NetworkId; reason: string; refusedAt: string }[];
};

const iso = (at: Date | string) => new Date(at).toISOString();

export async function getAutopilotActivity(db: Database): Promise<AutopilotActivity> {
  const [switchRow, signers, today, sends, waiting, refused] = await Promise.all([
    db
      .selectFrom("autopilot_switch")
      .select(["stopped", "stopped_reason"])
      .executeTakeFirstOrThrow(),
    readSigners(db),
    readLastDay(db),
    readRecentSends(db),
    listWaitingForApproval(db),
    readRefused(db),
  ]);
  const { stopped, stopped_reason: stoppedReason } = switchRow;
  return { stopped, stoppedReason, signers, today, sends, waiting, refused };
}

async function readSigners(db: Database): Promise<AutopilotActivity["signers"]> {
  const rows = await db
    .selectFrom("autopilot_signers")
    .innerJoin("autopilot_networks", "autopilot_networks.network", "autopilot_signers.network")
    .select([
      "autopilot_signers.network",
      "sender_address",
      "passed_at",
      "last_error",
      sql<boolean>`passed_at > now() - make_interval(secs => ${SIGNER_SILENT_SECONDS})`.as(
        "running",
      ),
      "usdt_balance",
      "coin_balance",
      "balance_read_at",
      "hot_wallet_ceiling_usdt",
      sql<string | null>`nullif(greatest(usdt_balance - hot_wallet_ceiling_usdt, 0), 0)`.as(
        "sweep",
      ),
    ])
    .orderBy("autopilot_signers.network")
    .execute();
  return rows.map((row) => ({
    network: row.network as NetworkId,
    senderAddress: row.sender_address,
    passedAt: iso(row.passed_at),
    running: row.running,
    lastError: row.last_error,
    hotWallet:
      row.usdt_balance === null || row.coin_balance === null || row.balance_read_at === null
        ? null
        : {
            usdt: plainDecimal(row.usdt_balance),
            coin: plainDecimal(row.coin_balance),
            readAt: iso(row.balance_read_at),
            ceilingUsdt: plainDecimal(row.hot_wallet_ceiling_usdt),
            sweepUsdt: row.sweep === null ? null : plainDecimal(row.sweep),
          },
  }));
}

/** The network's sends signed in the last 24 hours. */
const lastDaySends = (eb: ExpressionBuilder<DB, "autopilot_networks">) =>
  eb
    .selectFrom("autopilot_sends")
    .whereRef("autopilot_sends.network", "=", "autopilot_networks.network")
    .where("signed_at", ">", sql<Date>`now() - interval '24 hours'`);

async function readLastDay(db: Database): Promise<AutopilotActivity["today"]> {
  const rows = await db
    .selectFrom("autopilot_networks")
    .select(["network", "enabled", "max_day_usdt"])
    .select((eb) => [
      lastDaySends(eb).select(sql<string>`coalesce(sum(amount), 0)`.as("sent")).as("sent"),
      lastDaySends(eb).select(sql<string>`coalesce(sum(fee_paid), 0)`.as("fees")).as("fees"),
    ])
    .orderBy("network")
    .execute();
  return rows.map((row) => ({
    network: row.network as NetworkId,
    enabled: row.enabled,
    sentUsdt: plainDecimal(row.sent ?? "0"),
    maxDayUsdt: plainDecimal(row.max_day_usdt),
    feesPaid: plainDecimal(row.fees ?? "0"),
  }));
}

async function readRecentSends(db: Database): Promise<AutopilotActivity["sends"]> {
  const rows = await db
    .selectFrom("autopilot_sends")
    .innerJoin("orders", "orders.id", "autopilot_sends.order_id")
    .select([
      "autopilot_sends.order_id",
      "autopilot_sends.network",
      "autopilot_sends.to_address",
      "autopilot_sends.amount",
      "autopilot_sends.tx_hash",
      "autopilot_sends.nonce",
      "autopilot_sends.expires_at",
      "autopilot_sends.valid_until_block",
      "autopilot_sends.signed_at",
      "autopilot_sends.broadcast_at",
      "autopilot_sends.fee_paid",
      "autopilot_sends.reverted",
      "orders.status",
    ])
    .select((eb) =>
      eb
        .selectFrom("autopilot_replaced_sends")
        .select(eb.fn.countAll<string>().as("replaced"))
        .whereRef("autopilot_replaced_sends.order_id", "=", "autopilot_sends.order_id")
        .as("replaced"),
    )
    .orderBy("autopilot_sends.signed_at", "desc")
    .limit(RECENT_SENDS)
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    network: row.network as NetworkId,
    toAddress: row.to_address,
    amountUsdt: plainDecimal(row.amount),
    txHash: row.tx_hash,
    nonce: row.nonce,
    expiresAt: row.expires_at ? iso(row.expires_at) : null,
    validUntilBlock: row.valid_until_block,
    signedAt: iso(row.signed_at),
    broadcastAt: row.broadcast_at ? iso(row.broadcast_at) : null,
    feePaid: row.fee_paid === null ? null : plainDecimal(row.fee_paid),
    reverted: row.reverted,
    replaced: Number(row.replaced ?? 0),
    orderStatus: row.status,
  }));
}

/** Refused and still verified, not sent since; one waiting for approvals is listed as waiting. */
async function readRefused(db: Database): Promise<AutopilotActivity["refused"]> {
  const rows = await db
    .selectFrom("autopilot_refusals")
    .innerJoin("orders", "orders.id", "autopilot_refusals.order_id")
    .select(["order_id", "autopilot_refusals.network", "reason", "refused_at"])
    .where("orders.status", "=", "processing")
    .where("approvals_needed", "=", 0)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("autopilot_sends")
            .select("order_id")
            .whereRef("autopilot_sends.order_id", "=", "autopilot_refusals.order_id"),
        ),
      ),
    )
    .orderBy("refused_at", "desc")
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    network: row.network as NetworkId,
    reason: row.reason,
    refusedAt: iso(row.refused_at),
  }));
}

/**
 * What autopilot did with one order, for its details: its send, or why it would not pay
 * it (a lapsed send too, when autopilot would not sign it again).
 */
export async function autopilotOfOrder(db: Database, orderId: string) {
  const [send, refusal] = await Promise.all([
    db
      .selectFrom("autopilot_sends")
      .select([
        "network",
        "tx_hash",
        "signed_at",
        "broadcast_at",
        "fee_paid",
        "reverted",
        "lapsed_at",
      ])
      .where("order_id", "=", orderId)
      .executeTakeFirst(),
    db
      .selectFrom("autopilot_refusals")
      .select(["reason", "refused_at"])
      .where("order_id", "=", orderId)
      .executeTakeFirst(),
  ]);
  if (send) {
    return {
      sent: {
        network: send.network as NetworkId,
        txHash: send.tx_hash,
        signedAt: iso(send.signed_at),
        broadcastAt: send.broadcast_at ? iso(send.broadcast_at) : null,
        feePaid: send.fee_paid === null ? null : plainDecimal(send.fee_paid),
        reverted: send.reverted,
        lapsed: send.lapsed_at !== null,
      },
      // A lapsed send is signed again unless autopilot refuses it now: then it says why.
      refusal: send.lapsed_at !== null && refusal ? refusalOf(refusal) : null,
    };
  }
  return {
    sent: null,
    refusal: refusal ? refusalOf(refusal) : null,
  };
}

const refusalOf = (refusal: { reason: string; refused_at: Date }) => ({
  reason: refusal.reason,
  refusedAt: iso(refusal.refused_at),
});
