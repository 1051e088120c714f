import { type Kysely, sql } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import type { DB } from "../../platform/db/schema";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import { SIGNER_SILENT_SECONDS } from "./autopilot-activity";

type Notice = { topic: string; subject: string; text: string };

/**
 * Tells the operators once when a network's payout signer goes silent while autopilot
 * sends there (and once when it runs again), when its pass starts failing (and once
 * when it passes again), when it stopped all sending by itself, when the hot wallet
 * holds more than its ceiling (sweep the rest to cold storage), and when a payout
 * reverted on chain. Each flag flips in the statement that decides, so two processes
 * tell them once.
 */
export async function tellOperatorsOfAutopilot(db: Kysely<DB>, targets: NotificationTargets) {
  await db.transaction().execute(async (trx) => {
    const link = `${targets.publicUrl}/admin/autopilot`;
    const notices = [
      ...(await silentSigners(trx)),
      ...(await failingSigners(trx)),
      ...(await stoppedItself(trx)),
      ...(await overCeiling(trx)),
      ...(await revertedSends(trx)),
    ];
    for (const notice of notices) {
      await enqueue(
        trx,
        operatorMessages(targets, { ...notice, text: `${notice.text} ${link}`, link }),
      );
    }
  });
}

async function silentSigners(trx: Kysely<DB>): Promise<Notice[]> {
  const { rows } = await sql<{ network: NetworkId; silent: boolean; minutes: number }>`
    UPDATE autopilot_signers AS signer SET silent_alert_sent = judged.silent
    FROM (
      SELECT signers.network,
        networks.enabled AND NOT switch.stopped
          AND signers.passed_at < now() - make_interval(secs => ${SIGNER_SILENT_SECONDS}) AS silent,
        floor(extract(epoch FROM now() - signers.passed_at) / 60)::int AS minutes
      FROM autopilot_signers AS signers
      JOIN autopilot_networks AS networks USING (network)
      CROSS JOIN autopilot_switch AS switch
    ) AS judged
    WHERE signer.network = judged.network AND signer.silent_alert_sent <> judged.silent
    RETURNING signer.network, judged.silent, judged.minutes`.execute(trx);
  return rows.map(({ network, silent, minutes }) => {
    const name = networkOf(network).name;
    return silent
      ? {
          topic: "autopilot.signer_silent",
          subject: `${name}: the payout signer has not run for ${minutes} minutes`,
          text: `${name}: the payout signer has not run for ${minutes} minutes while autopilot is on; verified orders wait until it runs again or an operator pays them. Check its process (npm run signer).`,
        }
      : {
          topic: "autopilot.signer_running",
          subject: `${name}: the payout signer runs again`,
          text: `${name}: the payout signer runs again; verified orders are paid by autopilot.`,
        };
  });
}

async function failingSigners(trx: Kysely<DB>): Promise<Notice[]> {
  const { rows } = await sql<{ network: NetworkId; last_error: string | null }>`
    UPDATE autopilot_signers SET failing_alert_sent = last_error IS NOT NULL
    WHERE failing_alert_sent <> (last_error IS NOT NULL)
    RETURNING network, last_error`.execute(trx);
  return rows.map(({ network, last_error: error }) => {
    const name = networkOf(network).name;
    return error
      ? {
          topic: "autopilot.send_failing",
          subject: `${name}: autopilot's payouts fail`,
          text: `${name}: the payout signer's last pass failed: ${error}. It tries again every pass; what it signed is sent again, never signed twice.`,
        }
      : {
          topic: "autopilot.send_recovered",
          subject: `${name}: autopilot's payouts go through again`,
          text: `${name}: the payout signer's passes go through again.`,
        };
  });
}

async function stoppedItself(trx: Kysely<DB>): Promise<Notice[]> {
  const { rows } = await sql<{ stopped_reason: string | null }>`
    UPDATE autopilot_switch SET stop_alert_sent = stopped_reason IS NOT NULL
    WHERE stop_alert_sent <> (stopped_reason IS NOT NULL)
    RETURNING stopped_reason`.execute(trx);
  return rows.flatMap(({ stopped_reason: reason }) =>
    reason
      ? [
          {
            topic: "autopilot.stopped_itself",
            subject: "Autopilot stopped itself",
            text: `Autopilot stopped all sending by itself: ${reason}. Top the hot wallet up, then resume it in Settings → Autopilot.`,
          },
        ]
      : [],
  );
}

/** Told again only once it came back to the ceiling or below and rose above it again. */
async function overCeiling(trx: Kysely<DB>): Promise<Notice[]> {
  const { rows } = await sql<{
    network: NetworkId;
    over: boolean;
    usdt: string;
    ceiling: string;
    sweep: string;
  }>`
    UPDATE autopilot_signers AS signer SET sweep_alert_sent = judged.over
    FROM (
      SELECT signers.network, coalesce(signers.usdt_balance > networks.hot_wallet_ceiling_usdt, false) AS over,
        signers.usdt_balance::text AS usdt, networks.hot_wallet_ceiling_usdt::text AS ceiling,
        (signers.usdt_balance - networks.hot_wallet_ceiling_usdt)::text AS sweep
      FROM autopilot_signers AS signers
      JOIN autopilot_networks AS networks USING (network)
    ) AS judged
    WHERE signer.network = judged.network AND signer.sweep_alert_sent <> judged.over
    RETURNING signer.network, judged.over, judged.usdt, judged.ceiling, judged.sweep`.execute(trx);
  return rows.flatMap(({ network, over, usdt, ceiling, sweep }) => {
    if (!over) return [];
    const name = networkOf(network).name;
    const [held, most, excess] = [usdt, ceiling, sweep].map((amount) => plainDecimal(amount));
    return [
      {
        topic: "autopilot.sweep",
        subject: `${name}: sweep ${excess} USDT from the hot wallet to cold storage`,
        text: `${name}: the hot wallet holds ${held} USDT, above its ceiling of ${most} USDT. Move ${excess} USDT to cold storage; a key online should hold no more than the day needs.`,
      },
    ];
  });
}

async function revertedSends(trx: Kysely<DB>): Promise<Notice[]> {
  const rows = await trx
    .updateTable("autopilot_sends")
    .set({ revert_alert_sent: true })
    .where("reverted", "=", true)
    .where("revert_alert_sent", "=", false)
    .returning(["order_id", "network", "tx_hash", "amount"])
    .execute();
  return rows.map((send) => {
    const name = networkOf(send.network as NetworkId).name;
    const order = send.order_id.slice(0, 8);
    return {
      topic: "autopilot.payout_reverted",
      subject: `${name}: autopilot's payout of order #${order} reverted`,
      text: `${name}: autopilot's payout of ${plainDecimal(send.amount)} USDT for order #${order} reverted on chain (transaction ${send.tx_hash}): no USDT moved, and autopilot will not send it again. Pay it by hand from the order.`,
    };
  });
}
