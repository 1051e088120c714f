import { sql } from "kysely";
import type { AutopilotNetworkInput } from "../../../shared/autopilot-policy-input";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import { readDecimal } from "../../../shared/site-settings-input";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import { diffSettings } from "../../platform/settings-store/settings-changes";

/** Autopilot's limits as Settings → Autopilot shows them. */
export type AutopilotPolicy = {
  /** The switch: while on, the signer sends nothing on any network. */
  stopped: boolean;
  /** Why the signer stopped it by itself; null when an operator did, or while it runs. */
  stoppedReason: string | null;
  networks: ({ network: NetworkId } & AutopilotNetworkInput)[];
};

type Actor = { id: string; email: string };

const POLICY_COLUMNS = [
  "enabled",
  "max_payout_usdt",
  "max_day_usdt",
  "approve_above_usdt",
  "second_approval_above_usdt",
  "approve_first_order",
  "max_fee_per_payout",
  "hot_wallet_ceiling_usdt",
] as const;

const toInput = (row: {
  enabled: boolean;
  max_payout_usdt: string;
  max_day_usdt: string;
  approve_above_usdt: string;
  second_approval_above_usdt: string;
  approve_first_order: boolean;
  max_fee_per_payout: string;
  hot_wallet_ceiling_usdt: string;
}): AutopilotNetworkInput => ({
  enabled: row.enabled,
  maxPayoutUsdt: plainDecimal(row.max_payout_usdt),
  maxDayUsdt: plainDecimal(row.max_day_usdt),
  approveAboveUsdt: plainDecimal(row.approve_above_usdt),
  secondApprovalAboveUsdt: plainDecimal(row.second_approval_above_usdt),
  approveFirstOrder: row.approve_first_order,
  maxFeePerPayout: plainDecimal(row.max_fee_per_payout),
  hotWalletCeilingUsdt: plainDecimal(row.hot_wallet_ceiling_usdt),
});

export async function getAutopilotPolicy(db: Database): Promise<AutopilotPolicy> {
  const [switchRow, rows] = await Promise.all([
    db
      .selectFrom("autopilot_switch")
      .select(["stopped", "stopped_reason"])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("autopilot_networks")
      .select(["network", ...POLICY_COLUMNS])
      .orderBy("network")
      .execute(),
  ]);
  return {
    stopped: switchRow.stopped,
    stoppedReason: switchRow.stopped_reason,
    networks: rows.map((row) => ({ network: row.network as NetworkId, ...toInput(row) })),
  };
}

/** Saves one network's limits, audited with the fields that changed; no change, no row. */
export async function saveAutopilotNetwork(
  db: Database,
  actor: Actor,
  network: NetworkId,
  input: AutopilotNetworkInput,
  ipAddress?: string,
) {
  const canonical = (text: string) => readDecimal(text)?.toFixed() ?? text;
  const next: AutopilotNetworkInput = {
    ...input,
    maxPayoutUsdt: canonical(input.maxPayoutUsdt),
    maxDayUsdt: canonical(input.maxDayUsdt),
    approveAboveUsdt: canonical(input.approveAboveUsdt),
    secondApprovalAboveUsdt: canonical(input.secondApprovalAboveUsdt),
    maxFeePerPayout: canonical(input.maxFeePerPayout),
    hotWalletCeilingUsdt: canonical(input.hotWalletCeilingUsdt),
  };
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("autopilot_networks")
      .select(POLICY_COLUMNS)
      .where("network", "=", network)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes = diffSettings(toInput(row), next);
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable("autopilot_networks")
      .set({
        enabled: next.enabled,
        max_payout_usdt: next.maxPayoutUsdt,
        max_day_usdt: next.maxDayUsdt,
        approve_above_usdt: next.approveAboveUsdt,
        second_approval_above_usdt: next.secondApprovalAboveUsdt,
        approve_first_order: next.approveFirstOrder,
        max_fee_per_payout: next.maxFeePerPayout,
        hot_wallet_ceiling_usdt: next.hotWalletCeilingUsdt,
        // Turned on now: orders verified before may be in an operator's hands.
        ...(next.enabled && !row.enabled && { enabled_at: sql<Date>`now()` }),
        updated_at: sql<Date>`now()`,
      })
      .where("network", "=", network)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "settings.saved",
      target: { type: "settings", id: `autopilot.${network}` },
      details: changes,
      ipAddress,
    });
  });
  return getAutopilotPolicy(db);
}

/** Turns the switch that stops all sending on or off, audited when it changes. */
export async function setAutopilotStopped(
  db: Database,
  actor: Actor,
  stopped: boolean,
  ipAddress?: string,
) {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("autopilot_switch")
      .set({ stopped, stopped_reason: null, changed_at: sql<Date>`now()` })
      .where("stopped", "=", !stopped)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    // Resumed (the wallet topped up): the signer counts its shortfalls from none again.
    if (!stopped) await trx.updateTable("autopilot_signers").set({ shortfalls: 0 }).execute();
    await recordAudit(trx, {
      actor,
      action: "settings.saved",
      target: { type: "settings", id: "autopilot" },
      details: { stopped: { from: !stopped, to: stopped } },
      ipAddress,
    });
  });
  return getAutopilotPolicy(db);
}
