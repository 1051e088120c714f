import { type Kysely, sql } from "kysely";
import { type NetworkId, networkOf } from "../../../shared/catalog";
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
 * when it passes again), and when it stopped all sending by itself. Each flag flips in
 * the statement that decides, so two processes tell them once.
 */
export async function tellOperatorsOfAutopilot(db: Kysely<DB>, targets: NotificationTargets) {
  await db.transaction().execute(async (trx) => {
    const link = `${targets.publicUrl}/admin/autopilot`;
    const notices = [
      ...(await silentSigners(trx)),
      ...(await failingSigners(trx)),
      ...(await stoppedItself(trx)),
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
