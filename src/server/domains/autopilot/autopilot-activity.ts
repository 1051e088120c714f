import { sql } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import type { Database } from "../../platform/db/database";
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
  }[];
  /** Per network: sent in the last 24 hours against the most per 24 hours. */
  today: { network: NetworkId; enabled: boolean; sentUsdt: string; maxDayUsdt: string }[];
  sends: {
    orderId: string;
    network: NetworkId;
    toAddress: string;
    amountUsdt: string;
    txHash: string;
    nonce: string;
    signedAt: string;
    /** Null until a node took it. */
    broadcastAt: string | null;
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
    .select([
      "network",
      "sender_address",
      "passed_at",
      "last_error",
      sql<boolean>`passed_at > now() - make_interval(secs => ${SIGNER_SILENT_SECONDS})`.as(
        "running",
      ),
    ])
    .orderBy("network")
    .execute();
  return rows.map((row) => ({
    network: row.network as NetworkId,
    senderAddress: row.sender_address,
    passedAt: iso(row.passed_at),
    running: row.running,
    lastError: row.last_error,
  }));
}

async function readLastDay(db: Database): Promise<AutopilotActivity["today"]> {
  const rows = await db
    .selectFrom("autopilot_networks")
    .select(["network", "enabled", "max_day_usdt"])
    .select((eb) =>
      eb
        .selectFrom("autopilot_sends")
        .select(sql<string>`coalesce(sum(amount), 0)`.as("sent"))
        .whereRef("autopilot_sends.network", "=", "autopilot_networks.network")
        .where("signed_at", ">", sql<Date>`now() - interval '24 hours'`)
        .as("sent"),
    )
    .orderBy("network")
    .execute();
  return rows.map((row) => ({
    network: row.network as NetworkId,
    enabled: row.enabled,
    sentUsdt: plainDecimal(row.sent ?? "0"),
    maxDayUsdt: plainDecimal(row.max_day_usdt),
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
      "autopilot_sends.signed_at",
      "autopilot_sends.broadcast_at",
      "orders.status",
    ])
    .orderBy("autopilot_sends.signed_at", "desc")
    .limit(RECENT_SENDS)
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    network: row.network as NetworkId,
    toAddress: row.to_address,
    amountUsdt: plainDecimal(row.amount),
    txHash: row.tx_hash,
    nonce: String(row.nonce),
    signedAt: iso(row.signed_at),
    broadcastAt: row.broadcast_at ? iso(row.broadcast_at) : null,
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

/** What autopilot did with one order, for its details: its send, or why it would not pay it. */
export async function autopilotOfOrder(db: Database, orderId: string) {
  const [send, refusal] = await Promise.all([
    db
      .selectFrom("autopilot_sends")
      .select(["network", "tx_hash", "signed_at", "broadcast_at"])
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
      },
      refusal: null,
    };
  }
  return {
    sent: null,
    refusal: refusal ? { reason: refusal.reason, refusedAt: iso(refusal.refused_at) } : null,
  };
}
