import { type Selectable, sql } from "kysely";
import { Decimal } from "../../../shared/money";
import type { UsdtPurchase } from "../../../shared/usdt-purchase-input";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { Database } from "../../platform/db/database";
import type { UsdtPurchasesTable } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import { linkChainTransferOrRefuse, transferKeyOf } from "../chain/chain-transfer-links";
import { claimTopUp } from "./top-ups";

/* USDT purchases (issue 26): recorded and edited by an operator, every change audited. */

export interface Actor {
  id: string;
  email: string;
}

type PurchaseRow = Selectable<UsdtPurchasesTable>;

export function toPurchaseView(row: PurchaseRow) {
  return {
    id: row.id,
    boughtOn: row.bought_on,
    network: row.network,
    quantityUsdt: row.quantity_usdt,
    paidCurrency: row.paid_currency,
    paidAmount: row.paid_amount,
    usdInrRate: row.usd_inr_rate,
    costInr: row.cost_inr,
    source: row.source,
    note: row.note,
    /** The top-up's hash when it was recorded from one. */
    txHash: row.tx_hash,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
export type PurchaseView = ReturnType<typeof toPurchaseView>;

/* Numerics as their shortest exact text ("1000.500000" reads "1000.5"), days as YYYY-MM-DD. */
const PURCHASE_COLUMNS = [
  "id",
  sql<string>`bought_on::text`.as("bought_on"),
  "network",
  sql<string>`trim_scale(quantity_usdt)::text`.as("quantity_usdt"),
  "paid_currency",
  sql<string>`trim_scale(paid_amount)::text`.as("paid_amount"),
  sql<string | null>`trim_scale(usd_inr_rate)::text`.as("usd_inr_rate"),
  sql<string>`trim_scale(cost_inr)::text`.as("cost_inr"),
  "source",
  "note",
  "chain_transfer_id",
  "tx_hash",
  "created_by",
  "created_at",
  "updated_at",
] as const;

/** The purchases dated `from` to `to` (India days, both included), newest first. */
export async function listPurchases(db: Database, { from, to }: { from: string; to: string }) {
  const rows = await db
    .selectFrom("usdt_purchases")
    .select(PURCHASE_COLUMNS)
    .where("bought_on", ">=", from)
    .where("bought_on", "<=", to)
    .orderBy("bought_on", "desc")
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(toPurchaseView);
}

/** Today in India, YYYY-MM-DD: a purchase cannot be dated later. */
async function indiaToday(db: Database): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date::text AS today`.execute(db);
  return rows[0]?.today ?? "";
}

async function refuseFutureDay(db: Database, input: UsdtPurchase) {
  const today = await indiaToday(db);
  if (input.boughtOn > today) {
    throw new AppError(400, "INVALID_INPUT", `Date must not be after today in India (${today}).`, {
      field: "boughtOn",
    });
  }
}

function toColumns(input: UsdtPurchase) {
  return {
    bought_on: input.boughtOn,
    network: input.network,
    quantity_usdt: input.quantityUsdt,
    paid_currency: input.paidCurrency,
    paid_amount: input.paidAmount,
    usd_inr_rate: input.paidCurrency === "USD" ? input.usdInrRate : null,
    source: input.source,
    note: input.note === "" ? null : input.note,
  };
}

/**
 * Records a purchase and its audit row together; answers it as saved. From a top-up
 * (`topUpId`, an incoming transfer), the purchase is linked to that transfer, which
 * must be final, the form's network and quantity its own, and not recorded before.
 */
export async function recordPurchase(
  db: Database,
  actor: Actor,
  input: UsdtPurchase,
  ipAddress: string | null,
  topUpId?: string,
): Promise<PurchaseView> {
  await refuseFutureDay(db, input);
  return db.transaction().execute(async (trx) => {
    const topUp = topUpId === undefined ? null : await claimTopUp(trx, topUpId, input);
    const row = await trx
      .insertInto("usdt_purchases")
      .values({
        ...toColumns(input),
        chain_transfer_id: topUp?.id ?? null,
        tx_hash: topUp?.tx_hash ?? null,
        created_by: actor.id,
      })
      .returning(PURCHASE_COLUMNS)
      .executeTakeFirstOrThrow();
    if (topUp) {
      await linkChainTransferOrRefuse(
        trx,
        transferKeyOf(topUp),
        { kind: "purchase", purchaseId: row.id },
        actor.id,
      );
    }
    const purchase = toPurchaseView(row);
    await recordAudit(trx, {
      actor,
      action: "usdt_purchase.recorded",
      target: { type: "usdt_purchase", id: purchase.id },
      details: { after: auditedFields(purchase) },
      ipAddress,
    });
    return purchase;
  });
}

/** Saves a purchase's form; the audit row holds it before and after. */
export async function updatePurchase(
  db: Database,
  actor: Actor,
  id: string,
  input: UsdtPurchase,
  ipAddress: string | null,
): Promise<PurchaseView> {
  await refuseFutureDay(db, input);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("usdt_purchases")
      .select(PURCHASE_COLUMNS)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError(404, "NOT_FOUND", "No such purchase.");
    if (before.chain_transfer_id !== null) refuseTopUpChange(before, input);
    const row = await trx
      .updateTable("usdt_purchases")
      .set({ ...toColumns(input), updated_at: sql`now()` })
      .where("id", "=", id)
      .returning(PURCHASE_COLUMNS)
      .executeTakeFirstOrThrow();
    const purchase = toPurchaseView(row);
    await recordAudit(trx, {
      actor,
      action: "usdt_purchase.updated",
      target: { type: "usdt_purchase", id },
      details: {
        before: auditedFields(toPurchaseView(before)),
        after: auditedFields(purchase),
      },
      ipAddress,
    });
    return purchase;
  });
}

/** A purchase recorded from a top-up keeps the transfer's network and quantity. */
function refuseTopUpChange(
  before: { network: string; quantity_usdt: string; tx_hash: string | null },
  input: UsdtPurchase,
) {
  const field =
    input.network !== before.network
      ? "network"
      : new Decimal(input.quantityUsdt).eq(before.quantity_usdt)
        ? null
        : "quantityUsdt";
  if (field) {
    throw new AppError(
      422,
      "TOP_UP_FIXED",
      `This purchase was recorded from the top-up ${before.tx_hash}: its network and quantity are the transfer's.`,
      { field },
    );
  }
}

function auditedFields({ createdAt: _, updatedAt: __, id: ___, ...fields }: PurchaseView) {
  return fields;
}
