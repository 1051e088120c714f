import { type Kysely, sql } from "kysely";
import type { NetworkId } from "../../../shared/catalog";
import { plainDecimal } from "../../../shared/money";
import type { TreasurySettings } from "../../../shared/treasury-input";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";

export interface Actor {
  id: string;
  email: string;
}

async function findRow(db: Kysely<DB>, network: NetworkId) {
  const row = await db
    .selectFrom("treasury_networks")
    .selectAll()
    .where("network", "=", network)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, "NOT_FOUND", "No such network.");
  return row;
}

/** What the audit log shows of a network's settings. */
function auditedSettings(row: {
  wallet_address: string | null;
  fee_per_payout: string | null;
  alert_owed_share: string | null;
  pause_when_short: boolean;
}) {
  return {
    walletAddress: row.wallet_address,
    feePerPayout: row.fee_per_payout === null ? null : plainDecimal(row.fee_per_payout),
    alertOwedShare: row.alert_owed_share === null ? null : plainDecimal(row.alert_owed_share),
    pauseWhenShort: row.pause_when_short,
  };
}

/**
 * Saves a network's wallet and settings (audited, old → new). A new address
 * forgets the old one's balances: they were another wallet's, and the next read
 * comes at once.
 */
export async function saveTreasuryNetwork(
  db: Kysely<DB>,
  actor: Actor,
  network: NetworkId,
  settings: TreasurySettings,
  ipAddress: string | undefined,
) {
  await db.transaction().execute(async (trx) => {
    const before = await findRow(trx, network);
    const isNewWallet = before.wallet_address !== settings.walletAddress;
    const after = {
      wallet_address: settings.walletAddress,
      fee_per_payout: settings.feePerPayout,
      alert_owed_share: settings.alertOwedShare,
      pause_when_short: settings.pauseWhenShort,
    };
    await trx
      .updateTable("treasury_networks")
      .set({
        ...after,
        ...(isNewWallet && {
          usdt_balance: null,
          fee_balance: null,
          balance_read_at: null,
          balance_error: null,
          balance_error_at: null,
          next_read_at: null,
        }),
        updated_at: sql<Date>`now()`,
      })
      .where("network", "=", network)
      .execute();
    await recordAudit(trx, {
      actor,
      action:
        settings.walletAddress === null && before.wallet_address !== null
          ? "treasury.wallet_removed"
          : "treasury.network_saved",
      target: { type: "treasury_network", id: network },
      details: { before: auditedSettings(before), after: auditedSettings(after) },
      ipAddress,
    });
  });
}
