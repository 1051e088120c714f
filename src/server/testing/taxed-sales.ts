import { Decimal } from "../../shared/money";
import type { Database } from "../platform/db/database";
import { insertSale } from "./sales";

/** The deposit wallet the taxed sales below were sent to. */
const DESK_WALLET = "TDeskTaxWa11etxxxxxxxxxxxxxxxxxxxx";

/**
 * A sale the desk deducted TDS from, written straight to the database: placed (now
 * unless said), taxed at `ratePercent` with the seller's PAN as it was then (null:
 * none), and paid at `paidAt` unless `status` says it is not paid yet. `inr` is its
 * rupees before tax (bought at ₹100, so whole paise).
 */
export async function insertTaxedSale(
  db: Database,
  seller: { userId: string; email: string },
  sale: {
    inr: string;
    ratePercent?: string | null;
    pan?: string | null;
    paidAt?: Date;
    placedAt?: Date;
    status?: "paid" | "received";
  },
) {
  const status = sale.status ?? "paid";
  const paidAt = sale.paidAt ?? new Date();
  const inserted = await insertSale(db, seller, {
    depositUsdt: new Decimal(sale.inr).dividedBy(100).toFixed(4),
    buyRate: "100",
    status,
    depositAddress: DESK_WALLET,
    placedAt:
      sale.placedAt ?? (paidAt < new Date() ? new Date(paidAt.getTime() - 3_600_000) : undefined),
    receivedAt: paidAt,
    paid: { at: paidAt },
  });
  return db
    .updateTable("sell_orders")
    .set({
      tds_rate_percent: sale.ratePercent === undefined ? "1" : sale.ratePercent,
      seller_pan: sale.pan ?? null,
    })
    .where("id", "=", inserted.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
